/**
 * Request and response schemas of the shops routes (docs/product.md §3 "Shop", "Shop product", docs/product.md §7), over
 * the contract's shop and shop product JSON (`@campus/shared/contract`).
 */
import { LISTING_LIMITS } from '@campus/shared/constants';
import { shopProductSchema, shopSchema } from '@campus/shared/contract';
import { bearerSecurity, errorResponses, idParams, objectOf, successResponse } from '../common/schemas.ts';

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
  summary:
    "The shop's available and reserved products (reserved after available), newest first (at most 100)",
  params: idParams,
  response: {
    200: successResponse(objectOf({ products: { type: 'array', items: shopProductSchema } })),
    ...errorResponses,
  },
} as const;

/* ---- Selling (docs/product.md §15): my shop, create, edit, delete ---- */

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
