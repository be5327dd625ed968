/**
 * Request and response schemas of the products routes (spec 3 "Product", spec 7): the listing
 * route schemas (`catalog/schemas.ts`) over the contract's product JSON (with status and shop).
 */
import { PRODUCT_CATEGORIES } from '@campus/shared/constants';
import { productDetailSchema, productListAnswerSchema, productStatusSchema } from '@campus/shared/contract';
import { listingSchemas } from '../catalog/schemas.ts';
import { LIMITS_DESCRIPTION } from '../selling/validation.ts';

const products = listingSchemas({
  resource: 'products',
  one: 'product',
  titleField: 'title',
  ownerKey: 'seller',
  categories: PRODUCT_CATEGORIES,
  listAnswer: productListAnswerSchema,
  detail: productDetailSchema,
  editProperties: { status: productStatusSchema },
  text: {
    list: 'Available products, newest first (or by relevance when searching)',
    get: 'One product (sold ones too); counts a view',
    count: 'Number of available products',
    mine: 'My products (available and sold), newest first, at most 500',
    create: "List a product (verified users; it joins the seller's shop when they have one)",
    createDescription: `Limits: ${LIMITS_DESCRIPTION}. 401 without a session, 403 unverified, 400 with per-field messages, 413 for a picture over 10 MB.`,
    update: 'Edit my product, or mark it sold / available (owner only)',
  },
});

export const listProductsSchema = products.list;
export const getProductSchema = products.get;
export const productsCountSchema = products.count;
/* ---- Selling (issue 5): my products, create, edit, mark sold, delete ---- */
export const myProductsSchema = products.mine;
export const createProductSchema = products.create;
export const updateProductSchema = products.update;
export const deleteProductSchema = products.remove;
