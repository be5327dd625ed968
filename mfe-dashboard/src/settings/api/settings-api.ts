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
import type { FormValuesOf, InputOf } from '@campus/shared/contract';
import { toFormData } from '../../common/utils/form-data';

/** The profile form's values (the contract's form fields; `photo` a picture). */
export type ProfilePayload = FormValuesOf<'PATCH /users/updateMe'>;

/** `PATCH /users/updateMe` (multipart). @returns the updated user (data.user) */
export async function updateProfile(payload: ProfilePayload): Promise<User> {
  const answer = await apiClient.call('PATCH /users/updateMe', {
    body: toFormData(payload),
    timeout: TIMEOUT_CREATE_SERVICE_MS,
  });
  return answer.data.user;
}

/** `GET /users/me`: the full user (e-mail, WhatsApp, university) for the form. */
export async function getMe(): Promise<User> {
  const answer = await apiClient.call('GET /users/me');
  return answer.data.user;
}

/** `GET /universities?country=KE`: the picker's list (docs/product.md §3, §9). */
export async function getUniversities(): Promise<University[]> {
  const answer = await apiClient.call('GET /universities', { query: { country: 'KE' } });
  return answer.data.universities;
}

/** The shop form's values (the contract's form fields; `coverImage` a picture). */
export type ShopPayload = FormValuesOf<'POST /shops'>;

/** `GET /shops/mine`: my shop, or null. */
export async function getMyShop(): Promise<Shop | null> {
  const answer = await apiClient.call('GET /shops/mine');
  return answer.data.shop;
}

/** `POST /shops` (multipart): open my shop. */
export async function createShop(payload: ShopPayload): Promise<Shop> {
  const answer = await apiClient.call('POST /shops', {
    body: toFormData(payload),
    timeout: TIMEOUT_CREATE_SERVICE_MS,
  });
  return answer.data.shop;
}

/** `PATCH /shops/:id` (multipart). */
export async function updateShop(id: string, payload: ShopPayload): Promise<Shop> {
  const answer = await apiClient.call('PATCH /shops/:id', {
    params: { id },
    body: toFormData(payload),
    timeout: TIMEOUT_CREATE_SERVICE_MS,
  });
  return answer.data.shop;
}

/** Body of `PATCH /users/updateMyPassword` (ADR 0011), from the contract. */
export type PasswordChange = Required<InputOf<'PATCH /users/updateMyPassword'>['body']>;

/**
 * `PATCH /users/updateMyPassword`: changes my password; every other session ends and this device
 * gets a fresh session (token + user, like login). No redirect on errors: the form shows them.
 * @throws the axios error (message and `errors.passwordCurrent` / `errors.password` in the body)
 */
export async function changePassword(change: PasswordChange): Promise<LoginResponse> {
  const answer = await apiClient.call('PATCH /users/updateMyPassword', {
    body: change,
    redirectOnError: false,
  });
  return { token: answer.token, user: answer.user };
}

/** `POST /auth/logout-all`: ends every session of mine, this one included (ADR 0011). */
export async function logoutEverywhere(): Promise<void> {
  await apiClient.call('POST /auth/logout-all', { redirectOnError: false });
}
