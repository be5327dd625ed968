/**
 * The JSON of a seller's public page (docs/product.md §20.8): `GET /sellers/:id`. Pure `as const` data.
 */
import { ratingSchema } from './deals';
import { productListItemSchema, serviceListItemSchema } from './listings';
import { dateTime, nullableString, objectOf, successResponse, verifiedStudentProperty } from './pieces';

/** Most products, and most services, a seller page lists (newest first). */
export const SELLER_PAGE_LIMIT = 50;

/**
 * A seller (any user with public listings) as their page shows them: no e-mail, no phone (the
 * listings carry the WhatsApp number as the lists do).
 */
export const sellerSchema = {
  type: 'object',
  required: ['_id', 'firstName', 'lastName', 'photo', 'university', 'verifiedStudent', 'memberSince'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    photo: nullableString,
    university: nullableString,
    verifiedStudent: verifiedStudentProperty,
    memberSince: { ...dateTime, description: 'When the account was created (ISO 8601, UTC)' },
    rating: ratingSchema,
  },
} as const;

/**
 * The `data` of `GET /sellers/:id`: the seller, and their publicly visible products (available
 * and reserved, reserved after available) and services, newest first, at most
 * `SELLER_PAGE_LIMIT` each, as the lists show them.
 */
export const sellerPageSchema = objectOf({
  seller: sellerSchema,
  products: { type: 'array', items: productListItemSchema, maxItems: SELLER_PAGE_LIMIT },
  services: { type: 'array', items: serviceListItemSchema, maxItems: SELLER_PAGE_LIMIT },
});

/** `GET /sellers/:id` answer: `{status: 'success', data: {seller, products, services}}`. */
export const sellerPageAnswerSchema = successResponse(sellerPageSchema);
