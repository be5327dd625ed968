/**
 * Calls of the dashboard's services pages (docs/product.md §7 POST /services; docs/product.md §15 GET /services/mine,
 * PATCH/DELETE /services/:id). Uploads take up to 120 s (docs/product.md §9) and report progress.
 * Answers and the form's field names are the table of endpoints' (docs/decisions/0038).
 */

import { apiClient, type Service, TIMEOUT_CREATE_SERVICE_MS } from '@campus/shared';
import type { FormValuesOf } from '@campus/shared/contract';
import type { AxiosProgressEvent } from 'axios';
import { toFormData } from '../../common/utils/form-data';

/** The service form (docs/product.md §3): name, description, price, category, coverImage, photos, clearPhotos. */
export type ServiceFormValues = FormValuesOf<'POST /services'>;

type Progress = (event: AxiosProgressEvent) => void;

/**
 * One of my services as the page holds it: with how many users saved it (docs/product.md §20.1);
 * `GET /services/mine` answers it in full, an edit's answer without `saves`.
 */
export type MyService = Service & { saves?: number };

/** `GET /services/mine`: my services (with their saves), newest first. */
export async function getMyServices(): Promise<MyService[]> {
  const answer = await apiClient.call('GET /services/mine');
  return answer.data.services;
}

/** `POST /services` (multipart; 120 s timeout). @returns the created service */
export async function createService(
  values: ServiceFormValues,
  onUploadProgress?: Progress,
): Promise<Service> {
  const answer = await apiClient.call('POST /services', {
    body: toFormData(values),
    timeout: TIMEOUT_CREATE_SERVICE_MS,
    onUploadProgress,
  });
  return answer.data.service;
}

/** `PATCH /services/:id` (multipart; only the given fields change). */
export async function updateService(
  id: string,
  values: ServiceFormValues,
  onUploadProgress?: Progress,
): Promise<MyService> {
  const answer = await apiClient.call('PATCH /services/:id', {
    params: { id },
    body: toFormData(values),
    timeout: TIMEOUT_CREATE_SERVICE_MS,
    onUploadProgress,
  });
  return answer.data.service;
}

/** `DELETE /services/:id`. */
export async function deleteService(id: string): Promise<void> {
  await apiClient.call('DELETE /services/:id', { params: { id } });
}
