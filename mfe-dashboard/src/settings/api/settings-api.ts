/**
 * Calls of the settings page: the profile (docs/product.md §7 `PATCH /users/updateMe`, multipart of the
 * profile fields; reads data.user), the KE universities for the picker, and my shop
 * (docs/product.md §15: GET /shops/mine, POST /shops, PATCH /shops/:id), and the account's security
 * (ADR 0011: PATCH /users/updateMyPassword, POST /auth/logout-all).
 */
import {
  apiClient,
  type LoginResponse,
  type Shop,
  TIMEOUT_CREATE_SERVICE_MS,
  type University,
  type User,
} from '@campus/shared';
import { type FormDataValue, toFormData } from '../../common/utils/form-data';

export interface ProfilePayload {
  firstName?: string;
  lastName?: string;
  whatsApp?: string;
  university?: string;
  photo?: File;
}

/** `PATCH /users/updateMe` (multipart). @returns the updated user (data.user) */
export async function updateProfile(payload: ProfilePayload): Promise<User> {
  const { data } = await apiClient.patch<{ data: { user: User } }>(
    '/users/updateMe',
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: TIMEOUT_CREATE_SERVICE_MS },
  );
  return data.data.user;
}

/** `GET /users/me`: the full user (e-mail, WhatsApp, university) for the form. */
export async function getMe(): Promise<User> {
  const { data } = await apiClient.get<{ data: { user: User } }>('/users/me');
  return data.data.user;
}

/** `GET /universities?country=KE`: the picker's list (docs/product.md §3, §9). */
export async function getUniversities(): Promise<University[]> {
  const { data } = await apiClient.get<{ data: { universities: University[] } }>('/universities', {
    params: { country: 'KE' },
  });
  return data.data.universities;
}

export interface ShopPayload {
  name?: string;
  description?: string;
  address?: string;
  phone?: string;
  coverImage?: File;
}

/** `GET /shops/mine`: my shop, or null. */
export async function getMyShop(): Promise<Shop | null> {
  const { data } = await apiClient.get<{ data: { shop: Shop | null } }>('/shops/mine');
  return data.data.shop;
}

/** `POST /shops` (multipart): open my shop. */
export async function createShop(payload: ShopPayload): Promise<Shop> {
  const { data } = await apiClient.post<{ data: { shop: Shop } }>(
    '/shops',
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: TIMEOUT_CREATE_SERVICE_MS },
  );
  return data.data.shop;
}

/** `PATCH /shops/:id` (multipart). */
export async function updateShop(id: string, payload: ShopPayload): Promise<Shop> {
  const { data } = await apiClient.patch<{ data: { shop: Shop } }>(
    `/shops/${encodeURIComponent(id)}`,
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: TIMEOUT_CREATE_SERVICE_MS },
  );
  return data.data.shop;
}

/** Body of `PATCH /users/updateMyPassword` (ADR 0011). */
export interface PasswordChange {
  passwordCurrent: string;
  password: string;
  passwordConfirm: string;
}

/**
 * `PATCH /users/updateMyPassword`: changes my password; every other session ends and this device
 * gets a fresh session (token + user, like login). No redirect on errors: the form shows them.
 * @throws the axios error (message and `errors.passwordCurrent` / `errors.password` in the body)
 */
export async function changePassword(change: PasswordChange): Promise<LoginResponse> {
  const { data } = await apiClient.patch<LoginResponse>('/users/updateMyPassword', change, {
    redirectOnError: false,
  });
  return { token: data.token, user: data.user };
}

/** `POST /auth/logout-all`: ends every session of mine, this one included (ADR 0011). */
export async function logoutEverywhere(): Promise<void> {
  await apiClient.post('/auth/logout-all', null, { redirectOnError: false });
}
