/**
 * Route-level docs of the shops routes (docs/product.md §3 "Shop", "Shop product", §7, §15): tags,
 * summaries, security, error answers and the multipart form's documentation. Params, bodies and
 * answers are the entries of the table of endpoints (`@campus/shared/contract`, docs/decisions/0038).
 */
import { LISTING_LIMITS } from '@campus/shared/constants';
import { shopJsonBodySchema } from '@campus/shared/contract';
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

export const getShopSchema = {
  tags: ['shops'],
  summary: 'One shop and its owner (the spec reads the shop from `data`)',
  response: errorResponses,
};

export const getShopProductsSchema = {
  tags: ['shops'],
  summary:
    "The shop's available and reserved products (reserved after available), newest first (at most 100)",
  response: errorResponses,
};

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

/** The body of the shop form: multipart (documented) or JSON (the entry's schema). */
const formBody = (create: boolean) => ({
  content: {
    'multipart/form-data': { schema: shopFormDoc(create) },
    'application/json': { schema: shopJsonBodySchema },
  },
});

export const myShopSchema = {
  tags: ['shops'],
  summary: 'My shop, or null',
  security: bearerSecurity,
  response: errorResponses,
};

export const createShopSchema = {
  tags: ['shops'],
  summary: 'Open my shop (one per user; my products without a shop join it)',
  description: `409 when I already have one. Limits: ${shopLimits}.`,
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  body: formBody(true),
  response: errorResponses,
};

export const updateShopSchema = {
  tags: ['shops'],
  summary: 'Edit my shop (owner only)',
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  body: formBody(false),
  response: errorResponses,
};

export const deleteShopSchema = {
  tags: ['shops'],
  summary: 'Close a shop (the owner, or an admin); its products stay listed without a shop',
  security: bearerSecurity,
  response: errorResponses,
};
