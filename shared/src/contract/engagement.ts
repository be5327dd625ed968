/**
 * The engagement answers of docs/product.md §20 (items 1, 6, 7): saved items (`/api/v1/favourites`), the
 * counted chat links (`/api/v1/{products|services|shops}/:id/chat`, a 302 to the docs/product.md §7 wa.me
 * link) and the seller's insights (`/api/v1/dashboard/insights`). Pure `as const` data and one
 * path builder; the types are read in `./index.ts`.
 */
import {
  productDetailSchema,
  productListItemSchema,
  serviceDetailSchema,
  serviceListItemSchema,
} from './listings';
import { dateTime, objectOf, successResponse } from './pieces';

/** What can be saved: `products` or `services` (the path segment of `/favourites/:kind/:id`). */
export const favouriteKindSchema = { type: 'string', enum: ['products', 'services'] } as const;

const savedAt = { ...dateTime, description: 'When the user saved it (ISO 8601, UTC)' } as const;
const available = {
  type: 'boolean',
  description: 'false when the listing was sold, removed or is hidden from the public by moderation',
} as const;

/**
 * The saved listing's id. The API always sends it (also when `item` is null, so a removed
 * listing can be unsaved); optional in the type so clients' older fixtures stay valid.
 */
const listingId = {
  type: 'string',
  format: 'uuid',
  description: "The saved listing's id (also when item is null)",
} as const;

/** A saved product: the list item as `GET /products` shows it, or null when it was removed (or hidden). */
export const productFavouriteSchema = {
  type: 'object',
  required: ['kind', 'savedAt', 'available', 'item'],
  properties: {
    kind: { type: 'string', const: 'products' },
    listingId,
    savedAt,
    available,
    item: { anyOf: [productListItemSchema, { type: 'null' }] },
  },
} as const;

/** A saved service: the list item as `GET /services` shows it, or null when it was removed (or hidden). */
export const serviceFavouriteSchema = {
  type: 'object',
  required: ['kind', 'savedAt', 'available', 'item'],
  properties: {
    kind: { type: 'string', const: 'services' },
    listingId,
    savedAt,
    available,
    item: { anyOf: [serviceListItemSchema, { type: 'null' }] },
  },
} as const;

/** One saved listing of either kind (discriminated by `kind`). */
export const favouriteSchema = { anyOf: [productFavouriteSchema, serviceFavouriteSchema] } as const;

/** `GET /favourites`: `{status, data: {favourites: [...]}}`, newest saved first. */
export const favouritesAnswerSchema = successResponse(
  objectOf({ favourites: { type: 'array', items: favouriteSchema } }),
);

const ids = { type: 'array', items: { type: 'string', format: 'uuid' } } as const;

/** `GET /favourites/ids`: the ids the user saved, per kind (for filled hearts on cards). */
export const favouriteIdsAnswerSchema = successResponse(objectOf({ products: ids, services: ids }));

const saves = { type: 'integer', description: 'How many users saved it now' } as const;

/** A product in `GET /products/mine`: the detail plus `saves`. */
export const myProductSchema = {
  ...productDetailSchema,
  required: [...productDetailSchema.required, 'saves'],
  properties: { ...productDetailSchema.properties, saves },
} as const;

/** A service in `GET /services/mine`: the detail plus `saves`. */
export const myServiceSchema = {
  ...serviceDetailSchema,
  required: [...serviceDetailSchema.required, 'saves'],
  properties: { ...serviceDetailSchema.properties, saves },
} as const;

const count = { type: 'integer', minimum: 0 } as const;

/** One Africa/Nairobi day of a listing's insights. */
export const insightsDaySchema = objectOf({
  date: { type: 'string', format: 'date', description: 'YYYY-MM-DD, Africa/Nairobi' },
  views: count,
  chatClicks: count,
});

/** One of the seller's listings in the insights. */
export const insightsListingSchema = objectOf({
  _id: { type: 'string', format: 'uuid' },
  kind: favouriteKindSchema,
  title: { type: 'string', description: "A product's title or a service's name" },
  views: { ...count, description: 'All-time views' },
  chatClicks: { ...count, description: 'All-time chat clicks (once per visitor per day)' },
  saves: { ...count, description: 'Users who saved it now' },
  daily: {
    type: 'array',
    items: insightsDaySchema,
    description: 'The last 30 Africa/Nairobi days, oldest first, today last, days without activity as 0',
  },
});

/** `GET /dashboard/insights` data: totals over the seller's listings and each listing. */
export const dashboardInsightsSchema = objectOf({
  totals: objectOf({ views: count, chatClicks: count, saves: count }),
  listings: { type: 'array', items: insightsListingSchema },
});

/** Days `daily` covers. */
export const INSIGHTS_DAYS = 30;

/**
 * Path of the counted chat link of a product, service or shop (docs/product.md §20.6): a GET that
 * counts the click and answers 302 to the docs/product.md §7 wa.me link. A shop's link takes the product the
 * visitor chats about (`product`), as the shop page's chat buttons do today.
 * @example chatPath('products', id) === `/api/v1/products/${id}/chat`
 */
export function chatPath(kind: 'products' | 'services' | 'shops', id: string, product?: string): string {
  const path = `/api/v1/${kind}/${encodeURIComponent(id)}/chat`;
  return product ? `${path}?product=${encodeURIComponent(product)}` : path;
}
