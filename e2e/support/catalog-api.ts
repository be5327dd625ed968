/**
 * Reads the demo catalog through the real API (`/api/v1`), so tests pick their ids, search terms
 * and filters from the data instead of hard-coding them.
 */
import type { AnswerOf } from '@campus/shared/contract';
import type { APIRequestContext } from '@playwright/test';
import { admittedGet, NAVIGATION_HEADERS } from './api';

/** One page of `GET /products` (the contract's type). */
export type ProductPage = AnswerOf<'GET /products'>['data'];

/** A product as `GET /products` lists it (the contract's type). */
export type ApiProduct = ProductPage['products'][number];

/** A service as `GET /services` lists it (the contract's type). */
export type ApiService = AnswerOf<'GET /services'>['data']['services'][number];

/** A shop as `GET /shops/:id` answers it (the contract's type). */
export type ApiShop = AnswerOf<'GET /shops/:id'>['data'];

/** A product as `GET /shops/:id/products` lists it (the contract's type). */
export type ApiShopProduct = AnswerOf<'GET /shops/:id/products'>['data']['products'][number];

/**
 * Where a chat button leads (docs/product.md §20.6): its href is the API's counted chat route, which
 * answers 302; returns the redirect's Location (the docs/product.md §7 wa.me link). The redirect is not
 * followed (wa.me is not on localhost).
 */
export async function chatRedirect(request: APIRequestContext, href: string | null): Promise<string> {
  if (!href?.startsWith('/api/v1/')) throw new Error(`not the API's chat route: ${href}`);
  // A tap on the chat button is a navigation (never shed, ADR 0030).
  const response = await request.get(href, {
    maxRedirects: 0,
    headers: NAVIGATION_HEADERS,
  });
  if (response.status() !== 302) throw new Error(`GET ${href} answered ${response.status()}, not 302`);
  return response.headers().location ?? '';
}

async function getData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await admittedGet(request, `/api/v1${path}`);
  if (!response.ok())
    throw new Error(`GET /api/v1${path} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** One page of `GET /products` with the given query (page size 20 unless `limit` is given). */
export function listProducts(request: APIRequestContext, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams(Object.entries({ limit: 20, ...query }).map(([k, v]) => [k, String(v)]));
  return getData<ProductPage>(request, `/products?${params}`);
}

/** Every available product (all pages of 50). */
export async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const first = await listProducts(request, { limit: 50 });
  const products = [...first.products];
  for (let page = 2; page <= first.totalPages; page += 1) {
    products.push(...(await listProducts(request, { limit: 50, page })).products);
  }
  return products;
}

export function getProduct(request: APIRequestContext, id: string) {
  return getData<{ product: ApiProduct } | ApiProduct>(request, `/products/${id}`).then((data) =>
    'product' in data ? data.product : data,
  );
}

export async function firstService(request: APIRequestContext): Promise<ApiService> {
  const data = await getData<{ services: ApiService[] }>(request, '/services?limit=1');
  const service = data.services[0];
  if (!service) throw new Error('the demo data has no service');
  return service;
}

export function getShop(request: APIRequestContext, id: string) {
  return getData<ApiShop>(request, `/shops/${id}`);
}

export async function getShopProducts(request: APIRequestContext, id: string): Promise<ApiShopProduct[]> {
  return (await getData<{ products: ApiShopProduct[] }>(request, `/shops/${id}/products`)).products;
}

/** A demo shop that has products (found through the products' `shop` field). */
export async function demoShopId(request: APIRequestContext): Promise<string> {
  const withShop = (await listProducts(request, { limit: 50 })).products.find((product) => product.shop);
  if (!withShop?.shop) throw new Error('no demo product belongs to a shop');
  return withShop.shop._id;
}

/** 'Kes' + en-KE number with 2 decimals (docs/product.md §9), computed independently of the site's code. */
export function kes(amount: number): string {
  return `Kes ${new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
}
