/**
 * Calls of the dashboard's products page (docs/product.md §15, §20.1, §20.4, §20.5): GET /products/mine
 * (with each product's saves), POST /products, PATCH /products/:id (fields, pictures or status),
 * DELETE /products/:id. Answers and the form's field names are the table of endpoints'
 * (docs/decisions/0038).
 */

import { apiClient, type Product, type ProductStatus, TIMEOUT_CREATE_SERVICE_MS } from '@campus/shared';
import type { FormValuesOf } from '@campus/shared/contract';
import type { AxiosProgressEvent } from 'axios';
import { toFormData } from '../../common/utils/form-data';

export type { ProductStatus } from '@campus/shared';

/**
 * One of my products as the page holds it: the product (with its status, condition — null when
 * not stated — and negotiable) and how many users saved it (docs/product.md §20.1, §20.4, §20.5);
 * `GET /products/mine` answers it in full, an edit's answer without `saves`.
 */
export type MyProduct = Product & { saves?: number };

/**
 * Multipart fields of a create or edit (the changed ones on edit), the contract's form: `condition`
 * '' clears it; `negotiable` 'true' / 'false' (docs/product.md §20.4); `courseCodes` separated by
 * commas, '' clears them (docs/product.md §31).
 */
export type ProductFormValues = FormValuesOf<'POST /products'>;

type Progress = (event: AxiosProgressEvent) => void;

/** Uploads may be slow on campus networks: the same 120 s as creating a service (docs/product.md §9). */
const UPLOAD_TIMEOUT_MS = TIMEOUT_CREATE_SERVICE_MS;

/** `GET /products/mine`: my products (available, reserved and sold), newest first. */
export async function getMyProducts(): Promise<MyProduct[]> {
  const answer = await apiClient.call('GET /products/mine');
  return answer.data.products;
}

/** `POST /products` (multipart). @returns the created product */
export async function createProduct(
  values: ProductFormValues,
  onUploadProgress?: Progress,
): Promise<MyProduct> {
  const answer = await apiClient.call('POST /products', {
    body: toFormData(values),
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress,
  });
  return answer.data.product;
}

/** `PATCH /products/:id` with the changed fields and pictures (multipart). @returns the product, without saves */
export async function updateProduct(
  id: string,
  values: ProductFormValues,
  onUploadProgress?: Progress,
): Promise<MyProduct> {
  const answer = await apiClient.call('PATCH /products/:id', {
    params: { id },
    body: toFormData(values),
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress,
  });
  return answer.data.product;
}

/**
 * `PATCH /products/:id` `{status}` (JSON): available, reserved or sold, from any to any (docs/product.md §20
 * item 5). @returns the updated product, without saves @throws the API client's error (status, message)
 */
export async function setProductStatus(id: string, status: ProductStatus): Promise<MyProduct> {
  const answer = await apiClient.call('PATCH /products/:id', { params: { id }, body: { status } });
  return answer.data.product;
}

/** `DELETE /products/:id`. */
export async function deleteProduct(id: string): Promise<void> {
  await apiClient.call('DELETE /products/:id', { params: { id } });
}
