/**
 * Route-level docs of the sellers route (docs/product.md §20.8); its params and answer (the
 * seller page JSON) are the table of endpoints' (`@campus/shared/contract`, docs/decisions/0038).
 */
import { SELLER_PAGE_LIMIT } from '@campus/shared/contract';
import { errorResponses } from '../common/schemas.ts';

export const getSellerSchema = {
  tags: ['sellers'],
  summary: "A seller's public page: profile and listed products and services",
  description:
    `The seller's public profile (no e-mail or phone) and their public products (available and reserved, ` +
    `reserved after available) and services, newest first, at most ${SELLER_PAGE_LIMIT} each. ` +
    "404 'Seller not found' for an unknown or suspended account.",
  response: errorResponses,
} as const;
