/**
 * Calls of the dashboard's services pages (docs/product.md §7 POST /services; docs/product.md §15 GET /services/mine,
 * PATCH/DELETE /services/:id). Uploads take up to 120 s (docs/product.md §9) and report progress.
 */

import { apiClient, type Service, TIMEOUT_CREATE_SERVICE_MS } from '@campus/shared';
import type { AxiosProgressEvent } from 'axios';
import { type FormDataValue, toFormData } from '../../common/utils/form-data';

/** Service creation payload (docs/product.md §3): name, description, price, category, coverImage, photos. */
export interface ServicePayload {
  name: string;
  description: string;
  price: string;
  category: string;
  coverImage?: File;
  photos?: File[];
  clearPhotos?: boolean;
}

type Progress = (event: AxiosProgressEvent) => void;

/** One of my services as `GET /services/mine` lists it: with how many users saved it (docs/product.md §20.1). */
export type MyService = Service & { saves?: number };

/** `GET /services/mine`: my services (with their saves), newest first. */
export async function getMyServices(): Promise<MyService[]> {
  const { data } = await apiClient.get<{ data: { services: MyService[] } }>('/services/mine');
  return data.data.services;
}

/** `POST /services` (multipart; 120 s timeout). @returns the created service */
export async function createService(payload: ServicePayload, onUploadProgress?: Progress): Promise<Service> {
  const { data } = await apiClient.post<{ data: { service: Service } }>(
    '/services',
    toFormData(payload as unknown as Record<string, FormDataValue>),
    { timeout: TIMEOUT_CREATE_SERVICE_MS, onUploadProgress },
  );
  return data.data.service;
}

/** `PATCH /services/:id` (multipart; only the given fields change). */
export async function updateService(
  id: string,
  payload: Partial<ServicePayload>,
  onUploadProgress?: Progress,
) {
  const { data } = await apiClient.patch<{ data: { service: Service } }>(
    `/services/${encodeURIComponent(id)}`,
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: TIMEOUT_CREATE_SERVICE_MS, onUploadProgress },
  );
  return data.data.service;
}

/** `DELETE /services/:id`. */
export async function deleteService(id: string): Promise<void> {
  await apiClient.delete(`/services/${encodeURIComponent(id)}`);
}
