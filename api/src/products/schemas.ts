/**
 * Request and response schemas of the products routes (docs/product.md §3 "Product", docs/product.md §7): the listing
 * route schemas (`catalog/schemas.ts`) over the contract's product JSON (with status and shop).
 */
import { PRODUCT_CATEGORIES, PRODUCT_CONDITIONS } from '@campus/shared/constants';
import {
  myProductSchema,
  productDetailSchema,
  productListAnswerSchema,
  productListQuerySchema,
  productStatusSchema,
} from '@campus/shared/contract';
import { listingSchemas } from '../catalog/schemas.ts';
import { LIMITS_DESCRIPTION } from '../selling/validation.ts';

const products = listingSchemas({
  resource: 'products',
  one: 'product',
  titleField: 'title',
  ownerKey: 'seller',
  categories: PRODUCT_CATEGORIES,
  listAnswer: productListAnswerSchema,
  mine: myProductSchema,
  detail: productDetailSchema,
  querystring: productListQuerySchema(PRODUCT_CATEGORIES),
  editProperties: {
    status: productStatusSchema,
    condition: { type: ['string', 'null'], description: "One of the conditions; '' or null clears it" },
    negotiable: { anyOf: [{ type: 'boolean' }, { type: 'string' }] },
  },
  formProperties: {
    condition: {
      type: 'string',
      enum: [...PRODUCT_CONDITIONS, ''],
      description: "Optional (issue 13): new, like_new, good, fair; '' clears it on edit",
    },
    negotiable: { type: 'string', description: "Optional (issue 13): 'true' or 'false' (default false)" },
  },
  text: {
    list: 'Available and reserved products (reserved after available), newest first or by `sort` (by relevance when searching without one)',
    get: 'One product (reserved and sold ones too); counts a view',
    count: 'Number of listed (available and reserved) products',
    mine: 'My products (available, reserved and sold), newest first, at most 500, each with saves',
    create: "List a product (verified users; it joins the seller's shop when they have one)",
    createDescription: `Limits: ${LIMITS_DESCRIPTION}. 401 without a session, 403 unverified, 400 with per-field messages, 413 for a picture over 10 MB.`,
    update: 'Edit my product, or mark it available / reserved / sold (owner only)',
  },
});

export const listProductsSchema = products.list;
export const getProductSchema = products.get;
export const productsCountSchema = products.count;
/* ---- Selling (docs/product.md §15): my products, create, edit, mark sold, delete ---- */
export const myProductsSchema = products.mine;
export const createProductSchema = products.create;
export const updateProductSchema = products.update;
export const deleteProductSchema = products.remove;
