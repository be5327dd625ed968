/**
 * Calls of the dashboard's products page (docs/product.md §15, §20.1, §20.4, §20.5): GET /products/mine
 * (with each product's saves), POST /products, PATCH /products/:id (fields, pictures or status),
 * DELETE /products/:id.
 */

import { apiClient, type Product, type ProductStatus, TIMEOUT_CREATE_SERVICE_MS } from '@campus/shared';
import type { AxiosProgressEvent } from 'axios';
import { type FormDataValue, toFormData } from '../../common/utils/form-data';

export type { ProductStatus } from '@campus/shared';

/**
 * One of my products as `GET /products/mine` lists it: the product (with its status, condition —
 * null when not stated — and negotiable) and how many users saved it (docs/product.md §20.1, §20.4, §20.5).
 */
export type MyProduct = Product & { saves?: number };

/**
 * Multipart fields of a create or edit (the changed ones on edit). `condition` '' clears it;
 * `negotiable` goes as 'true' / 'false' (docs/product.md §20.4).
 */
export interface ProductPayload {
  title?: string;
  description?: string;
  price?: string;
  category?: string;
  condition?: string;
  negotiable?: boolean;
  coverImage?: File;
  photos?: File[];
}

type Progress = (event: AxiosProgressEvent) => void;

/** Uploads may be slow on campus networks: the same 120 s as creating a service (docs/product.md §9). */
const UPLOAD_TIMEOUT_MS = TIMEOUT_CREATE_SERVICE_MS;

/** `GET /products/mine`: my products (available, reserved and sold), newest first. */
export async function getMyProducts(): Promise<MyProduct[]> {
  const { data } = await apiClient.get<{ data: { products: MyProduct[] } }>('/products/mine');
  return data.data.products;
}

/** `POST /products` (multipart). */
export async function createProduct(
  payload: ProductPayload,
  onUploadProgress?: Progress,
): Promise<MyProduct> {
  const { data } = await apiClient.post<{ data: { product: MyProduct } }>(
    '/products',
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: UPLOAD_TIMEOUT_MS, onUploadProgress },
  );
  return data.data.product;
}

/** `PATCH /products/:id` with the changed fields and pictures (multipart). */
export async function updateProduct(
  id: string,
  payload: ProductPayload,
  onUploadProgress?: Progress,
): Promise<MyProduct> {
  const { data } = await apiClient.patch<{ data: { product: MyProduct } }>(
    `/products/${encodeURIComponent(id)}`,
    toFormData(payload as Record<string, FormDataValue>),
    { timeout: UPLOAD_TIMEOUT_MS, onUploadProgress },
  );
  return data.data.product;
}

/**
 * `PATCH /products/:id` `{status}` (JSON): available, reserved or sold, from any to any (docs/product.md §20
 * item 5). @returns the updated product @throws the API client's error (status, message)
 */
export async function setProductStatus(id: string, status: ProductStatus): Promise<MyProduct> {
  const { data } = await apiClient.patch<{ data: { product: MyProduct } }>(
    `/products/${encodeURIComponent(id)}`,
    { status },
  );
  return data.data.product;
}

/** `DELETE /products/:id`. */
export async function deleteProduct(id: string): Promise<void> {
  await apiClient.delete(`/products/${encodeURIComponent(id)}`);
}
