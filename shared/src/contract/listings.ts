/**
 * The JSON of the two listing resources (docs/product.md §3 "Product", "Service"; docs/product.md §15, §19): one
 * listing's properties, its owner (the seller of a product, the provider of a service), the list
 * item and the detail, built once and named per resource. Pure `as const` data.
 */

import { PRODUCT_CATEGORIES, PRODUCT_CONDITIONS, PRODUCT_STATUSES, SERVICE_CATEGORIES } from '../constants';
// The owner's rating (docs/product.md §28).
import { ratingSchema } from './deals';
import {
  dateTime,
  imagePath,
  moderationProperties,
  nullableString,
  pagedList,
  price,
  successResponse,
  verifiedStudentProperty,
} from './pieces';
import { safetySignalsSchema } from './safety';

/** The owner as a list item shows it (the seller of a product, the provider of a service). */
export const listingOwnerSchema = {
  type: 'object',
  required: ['_id', 'firstName', 'whatsApp', 'university', 'verifiedStudent'],
  properties: {
    _id: { type: 'string' },
    firstName: { type: 'string' },
    whatsApp: { type: 'string' },
    university: { type: 'string' },
    verifiedStudent: verifiedStudentProperty,
    rating: ratingSchema,
  },
} as const;

/** The owner as the detail page shows it: with lastName and photo. */
export const listingOwnerDetailSchema = {
  type: 'object',
  required: ['_id', 'firstName', 'lastName', 'whatsApp', 'university', 'photo', 'verifiedStudent'],
  properties: {
    _id: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    whatsApp: { type: 'string' },
    university: { type: 'string' },
    photo: nullableString,
    verifiedStudent: verifiedStudentProperty,
    rating: ratingSchema,
  },
} as const;

/**
 * The properties every listing has, in this order: `_id`, the title field, description, price,
 * category (one of `categories`), coverImage, coverThumbnail, views.
 */
export function listingProperties<const Title extends 'title' | 'name', const Category extends string>(
  titleField: Title,
  categories: readonly Category[],
) {
  return {
    _id: { type: 'string', format: 'uuid' },
    ...({ [titleField]: { type: 'string' } } as { [K in Title]: { readonly type: 'string' } }),
    description: { type: 'string' },
    price,
    category: { type: 'string', enum: [...categories] },
    coverImage: imagePath,
    coverThumbnail: imagePath,
    views: { type: 'integer' },
  } as const;
}

/** A listing as a list shows it: `properties` (every one required) and the owner under `ownerKey`. */
export function listingItemSchema<
  const Properties extends Record<string, object>,
  const Owner extends string,
>(properties: Properties, ownerKey: Owner) {
  return {
    type: 'object',
    required: [...(Object.keys(properties) as (keyof Properties & string)[]), ownerKey],
    properties: {
      ...properties,
      ...({ [ownerKey]: listingOwnerSchema } as { [K in Owner]: typeof listingOwnerSchema }),
    },
  } as const;
}

/** A listing on its detail page: the list's properties plus photos, updatedAt, more about the owner, moderation. */
export function listingDetailSchema<
  const Properties extends Record<string, object>,
  const Owner extends string,
>(properties: Properties, ownerKey: Owner) {
  return {
    type: 'object',
    required: [
      ...(Object.keys(properties) as (keyof Properties & string)[]),
      'photos',
      'updatedAt',
      ownerKey,
      'moderation',
      'moderationReason',
      'safetySignals',
    ],
    properties: {
      ...properties,
      photos: { type: 'array', items: { type: 'string' }, description: 'URL paths of extra pictures' },
      updatedAt: dateTime,
      ...({ [ownerKey]: listingOwnerDetailSchema } as { [K in Owner]: typeof listingOwnerDetailSchema }),
      ...moderationProperties,
      // Scam signals (docs/product.md §29).
      safetySignals: safetySignalsSchema,
    },
  } as const;
}

/**
 * A product is 'available', 'reserved' (docs/product.md §20.5: a meet-up is being arranged) or 'sold'
 * (docs/product.md §15); the seller moves it between any two.
 */
export const productStatusSchema = {
  type: 'string',
  enum: [...PRODUCT_STATUSES],
  description: "Public lists show 'available' and 'reserved' (after the available ones); 'sold' leave them",
} as const;

/** A product's condition (docs/product.md §20.4), or null when the seller did not say. */
export const productConditionSchema = {
  type: ['string', 'null'],
  enum: [...PRODUCT_CONDITIONS, null],
  description: 'new, like_new, good, fair; null when not given',
} as const;

/** Whether the seller accepts offers on the price (docs/product.md §20.4; default false). */
export const negotiableSchema = { type: 'boolean', description: 'The price is open to offers' } as const;

/** The shop a product is listed in, or null. */
export const productShopSchema = {
  type: ['object', 'null'],
  required: ['_id', 'name', 'whatsApp'],
  description:
    "The product's shop, or null. whatsApp is the shop phone (the owner's WhatsApp when the shop has none)",
  properties: { _id: { type: 'string' }, name: { type: 'string' }, whatsApp: nullableString },
} as const;

/** A textbook's course codes (docs/product.md §31): normalised (`SCH2101`), at most 5; [] for other products. */
export const courseCodesSchema = {
  type: 'array',
  items: { type: 'string' },
  maxItems: 5,
  description: 'Course codes, normalised (SCH2101); textbooks only, [] otherwise',
} as const;

const productProperties = {
  ...listingProperties('title', PRODUCT_CATEGORIES),
  status: productStatusSchema,
  condition: productConditionSchema,
  negotiable: negotiableSchema,
  createdAt: dateTime,
  shop: productShopSchema,
  courseCodes: courseCodesSchema,
} as const;

const serviceProperties = { ...listingProperties('name', SERVICE_CATEGORIES), createdAt: dateTime } as const;

/** A product as listed (docs/product.md §3: _id, title, description, price, coverImage, views, shop, seller; docs/product.md §20: status, condition, negotiable). */
export const productListItemSchema = listingItemSchema(productProperties, 'seller');
/** A product on its detail page: the list fields plus photos, updatedAt and more about the seller. */
export const productDetailSchema = listingDetailSchema(productProperties, 'seller');
/** A service as listed (docs/product.md §3: _id, name, description, price, coverImage, views, provider). */
export const serviceListItemSchema = listingItemSchema(serviceProperties, 'provider');
/** A service on its detail page: the list fields plus photos, updatedAt and more about the provider. */
export const serviceDetailSchema = listingDetailSchema(serviceProperties, 'provider');

/**
/**
 * A listing list answer: the paged list (`pagedList`) plus
 * - `totalIsEstimate` (ADR 0037): `true` when more than 1 000 listings match and the total is an
 *   estimate (the page says "about N"; `totalPages` is still a whole number); absent when exact;
 * - `suggestions`: when a search found nothing, up to 3 searches that do find listings, nearest
 *   first (docs/product.md §31 "Did you mean").
 */
function listingListResponse<const K extends string, const T extends string, const I extends object>(
  key: K,
  totalKey: T,
  items: I,
) {
  const list = pagedList(key, totalKey, items);
  return successResponse({
    ...list,
    properties: {
      ...list.properties,
      totalIsEstimate: {
        type: 'boolean',
        description:
          'Present (true) when more than 1 000 match and the total is an estimate ("about N"); absent: exact',
      },
      suggestions: {
        type: 'array',
        items: { type: 'string' },
        maxItems: 3,
        description: 'Only when a search found nothing: nearest searches that find listings',
      },
    },
  } as const);
}

/** `GET /products` answer: `{status, data: {products, totalPages, totalProducts, currentPage, totalIsEstimate?, suggestions?}}`. */
export const productListAnswerSchema = listingListResponse(
  'products',
  'totalProducts',
  productListItemSchema,
);
/** `GET /services` answer: `{status, data: {services, totalPages, totalServices, currentPage, totalIsEstimate?, suggestions?}}`. */
export const serviceListAnswerSchema = listingListResponse(
  'services',
  'totalServices',
  serviceListItemSchema,
);
