/**
 * The route-level docs of the two listing resources, products and services (docs/product.md §7,
 * §15): tags, summaries, security, error answers and the multipart form's documentation, built
 * once from what differs: the names (`products`/`product`, the title field, the owner key
 * `seller`/`provider`), the categories, the JSON edit (the contract's), the form's own fields and
 * the route texts. Params, query and answers are the entries of the table of endpoints
 * (`@campus/shared/contract`, docs/decisions/0038). `products/schemas.ts` and
 * `services/schemas.ts` call `listingSchemas`.
 */
import { bearerSecurity, errorResponses } from '../common/schemas.ts';
import { listingFormDoc } from '../selling/listing.ts';
import { LIMITS_DESCRIPTION } from '../selling/validation.ts';
import type { ListingKind } from './kinds.ts';

/** What a resource tells `listingSchemas`. */
export interface ListingSchemaSpec {
  /** The kind (`kinds.ts`): its tag ('products'), names, title field, owner key and categories. */
  kind: ListingKind;
  /** The JSON edit's schema (the contract's `productJsonEditSchema`, ...). */
  jsonEdit: object;
  /** The multipart form's own fields for the docs (products: condition, negotiable). */
  formProperties?: Record<string, object>;
  /** Route summaries (and the create route's description). */
  text: {
    list: string;
    get: string;
    count: string;
    mine: string;
    create: string;
    createDescription: string;
    update: string;
  };
}

/** Builds the route docs of a listing resource: `list`, `get`, `count`, `mine`, `create`, `update`, `remove`. */
export function listingSchemas(spec: ListingSchemaSpec) {
  const { many, one, titleField, ownerKey, categories } = spec.kind;
  const { text } = spec;
  const tags = [many];
  return {
    list: { tags, summary: text.list, response: errorResponses },
    get: { tags, summary: text.get, response: errorResponses },
    count: { tags, summary: text.count, response: errorResponses },
    mine: { tags, summary: text.mine, security: bearerSecurity, response: errorResponses },
    create: {
      tags,
      summary: text.create,
      description: text.createDescription,
      security: bearerSecurity,
      consumes: ['multipart/form-data'],
      body: {
        content: {
          'multipart/form-data': {
            schema: listingFormDoc(titleField, categories, true, spec.formProperties),
          },
        },
      },
      response: errorResponses,
    },
    update: {
      tags,
      summary: text.update,
      description: `multipart/form-data (with pictures) or JSON. Limits: ${LIMITS_DESCRIPTION}. 403 'You do not have permission to change this listing' for anyone but the ${ownerKey}.`,
      security: bearerSecurity,
      consumes: ['multipart/form-data', 'application/json'],
      body: {
        content: {
          'multipart/form-data': {
            schema: listingFormDoc(titleField, categories, false, spec.formProperties),
          },
          'application/json': { schema: spec.jsonEdit },
        },
      },
      response: errorResponses,
    },
    remove: {
      tags,
      summary: `Delete a ${one} and its pictures (the ${ownerKey}, or an admin)`,
      security: bearerSecurity,
      response: errorResponses,
    },
  };
}
