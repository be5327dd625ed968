/**
 * Request and response schemas of the products routes (spec 3 "Product", spec 7).
 */
import { PRODUCT_CATEGORIES } from '@campus/shared/constants';
import {
  bearerSecurity,
  countResponse,
  dateTime,
  errorResponses,
  idParams,
  imagePath,
  listQuerySchema,
  moderationProperties,
  nullableString,
  objectOf,
  pagedListResponse,
  price,
  successResponse,
  verifiedStudentProperty,
} from '../common/schemas.ts';
import { listingFormDoc } from '../selling/listing.ts';
import { LIMITS_DESCRIPTION } from '../selling/validation.ts';

const shopRef = {
  type: ['object', 'null'],
  required: ['_id', 'name', 'whatsApp'],
  description:
    "The product's shop, or null. whatsApp is the shop phone (the owner's WhatsApp when the shop has none)",
  properties: { _id: { type: 'string' }, name: { type: 'string' }, whatsApp: nullableString },
} as const;

const productProperties = {
  _id: { type: 'string', format: 'uuid' },
  title: { type: 'string' },
  description: { type: 'string' },
  price,
  category: { type: 'string', enum: [...PRODUCT_CATEGORIES] },
  coverImage: imagePath,
  coverThumbnail: imagePath,
  views: { type: 'integer' },
  status: { type: 'string', enum: ['available', 'sold'] },
  createdAt: dateTime,
  shop: shopRef,
} as const;

/** A product as listed (spec 3: _id, title, description, price, coverImage, views, shop, seller). */
export const productListItem = {
  type: 'object',
  required: [...Object.keys(productProperties), 'seller'],
  properties: {
    ...productProperties,
    seller: {
      type: 'object',
      required: ['_id', 'firstName', 'whatsApp', 'university', 'verifiedStudent'],
      properties: {
        _id: { type: 'string' },
        firstName: { type: 'string' },
        whatsApp: { type: 'string' },
        university: { type: 'string' },
        verifiedStudent: verifiedStudentProperty,
      },
    },
  },
} as const;

/** A product on its detail page: the list fields plus photos, updatedAt and more about the seller. */
export const productDetail = {
  type: 'object',
  required: [
    ...Object.keys(productProperties),
    'photos',
    'updatedAt',
    'seller',
    'moderation',
    'moderationReason',
  ],
  properties: {
    ...productProperties,
    photos: { type: 'array', items: { type: 'string' }, description: 'URL paths of extra pictures' },
    updatedAt: dateTime,
    seller: {
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
      },
    },
    ...moderationProperties,
  },
} as const;

/** `{status, data: {product}}` with the given success status (detail, create, edit). */
const productAnswer = (status: 200 | 201) => ({
  [status]: successResponse(objectOf({ product: productDetail })),
  ...errorResponses,
});

export const listProductsSchema = {
  tags: ['products'],
  summary: 'Available products, newest first (or by relevance when searching)',
  querystring: listQuerySchema(PRODUCT_CATEGORIES),
  response: { 200: pagedListResponse('products', 'totalProducts', productListItem), ...errorResponses },
} as const;

export const getProductSchema = {
  tags: ['products'],
  summary: 'One product (sold ones too); counts a view',
  params: idParams,
  response: productAnswer(200),
} as const;

export const productsCountSchema = {
  tags: ['products'],
  summary: 'Number of available products',
  response: countResponse,
} as const;

/* ---- Selling (issue 5): my products, create, edit, mark sold, delete ---- */

export const myProductsSchema = {
  tags: ['products'],
  summary: 'My products (available and sold), newest first, at most 500',
  security: bearerSecurity,
  response: {
    200: successResponse(objectOf({ products: { type: 'array', items: productDetail } })),
    ...errorResponses,
  },
} as const;

export const createProductSchema = {
  tags: ['products'],
  summary: "List a product (verified users; it joins the seller's shop when they have one)",
  description: `Limits: ${LIMITS_DESCRIPTION}. 401 without a session, 403 unverified, 400 with per-field messages, 413 for a picture over 10 MB.`,
  security: bearerSecurity,
  consumes: ['multipart/form-data'],
  body: { content: { 'multipart/form-data': { schema: listingFormDoc('title', PRODUCT_CATEGORIES, true) } } },
  response: productAnswer(201),
} as const;

/** JSON edit (no pictures), e.g. `{status: "sold"}`. */
const productJsonEdit = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    // A number is coerced to its string (what the price check parses anyway).
    price: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    category: { type: 'string' },
    status: { type: 'string', enum: ['available', 'sold'] },
    clearPhotos: { type: 'boolean' },
  },
} as const;

export const updateProductSchema = {
  tags: ['products'],
  summary: 'Edit my product, or mark it sold / available (owner only)',
  description: `multipart/form-data (with pictures) or JSON. Limits: ${LIMITS_DESCRIPTION}. 403 'You do not have permission to change this listing' for anyone but the seller.`,
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  params: idParams,
  body: {
    content: {
      'multipart/form-data': { schema: listingFormDoc('title', PRODUCT_CATEGORIES, false) },
      'application/json': { schema: productJsonEdit },
    },
  },
  response: productAnswer(200),
} as const;

export const deleteProductSchema = {
  tags: ['products'],
  summary: 'Delete a product and its pictures (the seller, or an admin)',
  security: bearerSecurity,
  params: idParams,
  response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses },
} as const;
