/**
 * Schemas of the saved-items routes (docs/product.md §20.1): the contract's answers
 * (`@campus/shared/contract`, `engagement.ts`) and the `:kind/:id` parameters.
 */
import {
  favouriteIdsAnswerSchema,
  favouriteKindSchema,
  favouritesAnswerSchema,
} from '@campus/shared/contract';
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

const tags = ['favourites'];

/** `:kind` (products | services) and `:id`. */
export const favouriteParams = {
  type: 'object',
  required: ['kind', 'id'],
  properties: { kind: favouriteKindSchema, id: { type: 'string' } },
} as const;

const noContent = {
  204: { type: 'null', description: 'Done (also when it already was)' },
  ...errorResponses,
};

export const saveSchema = {
  tags,
  summary: 'Save a product or service (idempotent; any signed-in user)',
  description: "404 'Product not found' / 'Service not found' for an unknown id; 401 for guests.",
  security: bearerSecurity,
  params: favouriteParams,
  response: noContent,
} as const;

export const unsaveSchema = {
  tags,
  summary: 'Unsave a product or service (idempotent; also one removed since it was saved)',
  security: bearerSecurity,
  params: favouriteParams,
  response: noContent,
} as const;

export const listFavouritesSchema = {
  tags,
  summary: 'My saved products and services, newest saved first (at most 500)',
  description:
    'Each with `available` (false when sold, removed or hidden) and `item` as the public lists show it, or null when removed or hidden.',
  security: bearerSecurity,
  response: { 200: favouritesAnswerSchema, ...errorResponses },
} as const;

export const favouriteIdsSchema = {
  tags,
  summary: 'The ids of my saved products and services (for the hearts on cards)',
  security: bearerSecurity,
  response: { 200: favouriteIdsAnswerSchema, ...errorResponses },
} as const;
