/**
 * Route-level docs of the products routes (docs/product.md §3 "Product", §7, §15): the listing
 * route docs (`catalog/schemas.ts`); params, query, bodies and answers are the table of
 * endpoints' (`@campus/shared/contract`, docs/decisions/0038).
 */
import { PRODUCT_CONDITIONS } from '@campus/shared/constants';
import { productJsonEditSchema } from '@campus/shared/contract';
import { PRODUCT_KIND } from '../catalog/kinds.ts';
import { listingSchemas } from '../catalog/schemas.ts';
import { LIMITS_DESCRIPTION } from '../selling/validation.ts';

const products = listingSchemas({
  kind: PRODUCT_KIND,
  jsonEdit: productJsonEditSchema,
  formProperties: {
    condition: {
      type: 'string',
      enum: [...PRODUCT_CONDITIONS, ''],
      description: "Optional (docs/product.md §20.4): new, like_new, good, fair; '' clears it on edit",
    },
    negotiable: {
      type: 'string',
      description: "Optional (docs/product.md §20.4): 'true' or 'false' (default false)",
    },
    courseCodes: {
      type: 'string',
      description:
        "Textbooks only (docs/product.md §31): up to 5 course codes separated by commas, e.g. 'SCH 2101, SMA 2230'; '' clears them",
    },
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
