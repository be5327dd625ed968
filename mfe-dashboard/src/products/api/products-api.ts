/**
 * Calls of the dashboard's products page (issue 5): GET /products/mine, POST /products,
 * PATCH /products/:id (fields, pictures or status), DELETE /products/:id.
 */

import { apiClient, type Product, TIMEOUT_CREATE_SERVICE_MS } from '@campus/shared';
import type { AxiosProgressEvent } from 'axios';
import { type FormDataValue, toFormData } from '../../common/utils/form-data';

export interface ProductPayload {
  title?: string;
  description?: string;
  price?: string;
  category?: string;
  coverImage?: File;
  photos?: File[];
}

type Progress = (event: AxiosProgressEvent) => void;

/** Uploads may be slow on campus networks: the same 120 s as creating a service (spec 9). */
const UPLOAD_TIMEOUT_MS = TIMEOUT_CREATE_SERVICE_MS;

/** `GET /products/mine`: my products (available and sold), newest first. */
export async function getMyProducts(): Promise<Product[]> {
  const { data } = await apiClient.get<{ data: { products: Product[] } }>('/products/mine');
  return data.data.products;
}

/** `POST /products` (multipart). */
export async function createProduct(payload: ProductPayload, onUploadProgress?: Progress): Promise<Product> {
  const { data } = await apiClient.post<{ data: { product: Product } }>(
    '/products',
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: UPLOAD_TIMEOUT_MS, onUploadProgress },
  );
  return data.data.product;
}

/** `PATCH /products/:id` with the changed fields and pictures (multipart). */
export async function updateProduct(id: string, payload: ProductPayload, onUploadProgress?: Progress) {
  const { data } = await apiClient.patch<{ data: { product: Product } }>(
    `/products/${encodeURIComponent(id)}`,
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: UPLOAD_TIMEOUT_MS, onUploadProgress },
  );
  return data.data.product;
}

/** `PATCH /products/:id` `{status}`: mark sold or available again. */
export async function setProductStatus(id: string, status: 'available' | 'sold'): Promise<Product> {
  const { data } = await apiClient.patch<{ data: { product: Product } }>(
    `/products/${encodeURIComponent(id)}`,
    {
      status,
    },
  );
  return data.data.product;
}

/** `DELETE /products/:id`. */
export async function deleteProduct(id: string): Promise<void> {
  await apiClient.delete(`/products/${encodeURIComponent(id)}`);
}
