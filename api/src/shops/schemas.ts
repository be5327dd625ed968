/**
 * Request and response schemas of the shops routes (spec 3 "Shop", "Shop product", spec 7).
 */
import { LISTING_LIMITS } from '@campus/shared/constants';
import {
  bearerSecurity,
  errorResponses,
  idParams,
  imagePath,
  moderationProperties,
  nullableString,
  objectOf,
  price,
  successResponse,
  verifiedStudentProperty,
} from '../common/schemas.ts';

/** A shop (spec 3: _id, name, description, coverImage, address, phone, owner). */
export const shopSchema = {
  type: 'object',
  required: [
    '_id',
    'name',
    'description',
    'coverImage',
    'coverThumbnail',
    'address',
    'phone',
    'owner',
    'moderation',
    'moderationReason',
  ],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    description: { type: 'string' },
    coverImage: imagePath,
    coverThumbnail: imagePath,
    address: { ...nullableString, description: "null: the page shows 'Location not specified'" },
    phone: nullableString,
    owner: {
      type: 'object',
      required: ['_id', 'firstName', 'lastName', 'photo', 'whatsApp', 'university', 'verifiedStudent'],
      properties: {
        _id: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        photo: nullableString,
        whatsApp: { type: 'string' },
        university: { type: 'string' },
        verifiedStudent: verifiedStudentProperty,
      },
    },
    ...moderationProperties,
  },
} as const;

/** A product as listed in its shop (spec 3 "Shop product"). */
export const shopProductSchema = {
  type: 'object',
  required: ['_id', 'title', 'description', 'price', 'coverImage', 'coverThumbnail'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    title: { type: 'string' },
    description: { type: 'string' },
    price,
    coverImage: imagePath,
    coverThumbnail: imagePath,
  },
} as const;

export const getShopSchema = {
  tags: ['shops'],
  summary: 'One shop and its owner (the spec reads the shop from `data`)',
  params: idParams,
  response: {
    200: successResponse(shopSchema),
    ...errorResponses,
  },
} as const;

export const getShopProductsSchema = {
  tags: ['shops'],
  summary: "The shop's available products, newest first (at most 100)",
  params: idParams,
  response: {
    200: successResponse(objectOf({ products: { type: 'array', items: shopProductSchema } })),
    ...errorResponses,
  },
} as const;

/* ---- Selling (issue 5): my shop, create, edit, delete ---- */

const shopLimits =
  `name ${LISTING_LIMITS.shopNameMin}-${LISTING_LIMITS.shopNameMax} characters, description at most ` +
  `${LISTING_LIMITS.shopDescriptionMax}, address at most ${LISTING_LIMITS.placeMax}, phone 254 followed by 9 digits ` +
  "(optional; '' clears it), coverImage a picture of at most 10 MB";

const shopFormDoc = (create: boolean) => ({
  type: 'object',
  description: `multipart/form-data or JSON. ${create ? 'name is required' : 'every field optional'}; ${shopLimits}.`,
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    address: { type: 'string' },
    phone: { type: 'string' },
    coverImage: { type: 'string', description: 'Cover picture (file, multipart only)' },
  },
});

const shopJson = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    address: { type: 'string' },
    phone: { type: 'string' },
  },
} as const;

const shopAnswer = (status: 200 | 201) => ({
  [status]: successResponse(objectOf({ shop: shopSchema })),
  ...errorResponses,
});

export const myShopSchema = {
  tags: ['shops'],
  summary: 'My shop, or null',
  security: bearerSecurity,
  response: {
    200: successResponse(objectOf({ shop: { ...shopSchema, type: ['object', 'null'] } })),
    ...errorResponses,
  },
} as const;

export const createShopSchema = {
  tags: ['shops'],
  summary: 'Open my shop (one per user; my products without a shop join it)',
  description: `409 when I already have one. Limits: ${shopLimits}.`,
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  body: {
    content: {
      'multipart/form-data': { schema: shopFormDoc(true) },
      'application/json': { schema: shopJson },
    },
  },
  response: shopAnswer(201),
} as const;

export const updateShopSchema = {
  tags: ['shops'],
  summary: 'Edit my shop (owner only)',
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  params: idParams,
  body: {
    content: {
      'multipart/form-data': { schema: shopFormDoc(false) },
      'application/json': { schema: shopJson },
    },
  },
  response: shopAnswer(200),
} as const;

export const deleteShopSchema = {
  tags: ['shops'],
  summary: 'Close a shop (the owner, or an admin); its products stay listed without a shop',
  security: bearerSecurity,
  params: idParams,
  response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses },
} as const;
