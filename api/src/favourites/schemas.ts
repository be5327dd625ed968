/**
 * Route-level docs of the saved-items routes (docs/product.md §20.1). Params and answers are the
 * entries of the table of endpoints (`@campus/shared/contract`, docs/decisions/0038).
 */
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

const tags = ['favourites'];

export const saveSchema = {
  tags,
  summary: 'Save a product or service (idempotent; any signed-in user)',
  description: "404 'Product not found' / 'Service not found' for an unknown id; 401 for guests.",
  security: bearerSecurity,
  response: errorResponses,
};

export const unsaveSchema = {
  tags,
  summary: 'Unsave a product or service (idempotent; also one removed since it was saved)',
  security: bearerSecurity,
  response: errorResponses,
};

export const listFavouritesSchema = {
  tags,
  summary: 'My saved products and services, newest saved first (at most 500)',
  description:
    'Each with `available` (false when sold, removed or hidden) and `item` as the public lists show it, or null when removed or hidden.',
  security: bearerSecurity,
  response: errorResponses,
};

export const favouriteIdsSchema = {
  tags,
  summary: 'The ids of my saved products and services (for the hearts on cards)',
  security: bearerSecurity,
  response: errorResponses,
};
