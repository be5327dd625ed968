/**
 * What the products and services endpoints exchange beyond the listing JSON (`listings.ts`;
 * docs/product.md §7, §15, §20): each kind's list query, one-listing answer, the owner's list
 * (with saves), the multipart form's field names and the JSON edit. Pure `as const` data; the
 * table of endpoints (`endpoints.ts`, docs/decisions/0038) points at these.
 */
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from '../constants';
import { myProductSchema, myServiceSchema } from './engagement';
import { listQuerySchema, productListQuerySchema } from './list-query';
import { productDetailSchema, productStatusSchema, serviceDetailSchema } from './listings';
import { objectOf, successResponse } from './pieces';

/** The picture fields of a listing form: one `coverImage`, `photos` repeated (docs/product.md §16). */
const listingFiles = ['coverImage', 'photos'] as const;

/** The product form (multipart): text fields and pictures (docs/product.md §15, §20.4, §20.5, §31). */
export const productForm = {
  fields: [
    'title',
    'description',
    'price',
    'category',
    'condition',
    'negotiable',
    'status',
    'clearPhotos',
    'courseCodes',
  ],
  files: listingFiles,
} as const;

/** The service form (multipart): text fields and pictures (docs/product.md §7 POST /services). */
export const serviceForm = {
  fields: ['name', 'description', 'price', 'category', 'clearPhotos'],
  files: listingFiles,
} as const;

/** `GET /products` query: the list query plus condition and course. */
export const productListQuery = productListQuerySchema(PRODUCT_CATEGORIES);
/** `GET /services` query. */
export const serviceListQuery = listQuerySchema(SERVICE_CATEGORIES);

/** `{status, data: {product}}`: the answer of the product detail, create and edit. */
export const productAnswerSchema = successResponse(objectOf({ product: productDetailSchema }));
/** `{status, data: {service}}`: the answer of the service detail, create and edit. */
export const serviceAnswerSchema = successResponse(objectOf({ service: serviceDetailSchema }));

/** `GET /products/mine` answer: my products, each with its saves (docs/product.md §20.1). */
export const myProductsAnswerSchema = successResponse(
  objectOf({ products: { type: 'array', items: myProductSchema } }),
);
/** `GET /services/mine` answer: my services, each with its saves. */
export const myServicesAnswerSchema = successResponse(
  objectOf({ services: { type: 'array', items: myServiceSchema } }),
);

/** The JSON edit's fields every listing has: the title field, description, price, category. */
function jsonEditProperties<const Title extends 'title' | 'name'>(titleField: Title) {
  return {
    ...({ [titleField]: { type: 'string' } } as { [K in Title]: { readonly type: 'string' } }),
    description: { type: 'string' },
    // A number is coerced to its string (what the price check parses anyway).
    price: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    category: { type: 'string' },
  } as const;
}

/**
 * `PATCH /products/:id` as JSON (no pictures), e.g. `{status: "sold"}` (docs/product.md §20.5);
 * `condition` '' or null clears it, `courseCodes` as text or a list.
 */
export const productJsonEditSchema = {
  type: 'object',
  properties: {
    ...jsonEditProperties('title'),
    status: productStatusSchema,
    condition: { type: ['string', 'null'], description: "One of the conditions; '' or null clears it" },
    negotiable: { anyOf: [{ type: 'boolean' }, { type: 'string' }] },
    courseCodes: {
      anyOf: [
        { type: 'string', maxLength: 200 },
        { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
      ],
    },
    clearPhotos: { type: 'boolean' },
  },
} as const;

/** `PATCH /services/:id` as JSON (no pictures). */
export const serviceJsonEditSchema = {
  type: 'object',
  properties: { ...jsonEditProperties('name'), clearPhotos: { type: 'boolean' } },
} as const;
