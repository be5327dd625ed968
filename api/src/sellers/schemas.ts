/**
 * Request and response schemas of the sellers route (docs/product.md §20.8), over the contract's
 * seller page JSON (`@campus/shared/contract`).
 */
import { SELLER_PAGE_LIMIT, sellerPageAnswerSchema } from '@campus/shared/contract';
import { errorResponses, idParams } from '../common/schemas.ts';

export const getSellerSchema = {
  tags: ['sellers'],
  summary: "A seller's public page: profile and listed products and services",
  description:
    `The seller's public profile (no e-mail or phone) and their public products (available and reserved, ` +
    `reserved after available) and services, newest first, at most ${SELLER_PAGE_LIMIT} each. ` +
    "404 'Seller not found' for an unknown or suspended account.",
  params: idParams,
  response: { 200: sellerPageAnswerSchema, ...errorResponses },
} as const;
