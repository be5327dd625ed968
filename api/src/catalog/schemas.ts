/**
 * The route schemas of the two listing resources, products and services (docs/product.md §7, §15), built
 * once from what differs: the names (`products`/`product`, the title field, the owner key
 * `seller`/`provider`), the categories, the JSON of the list and of one listing (the
 * contract's, `@campus/shared/contract`), the edit's own fields (products: status) and the route
 * texts. `products/schemas.ts` and `services/schemas.ts` call `listingSchemas`.
 */
import {
  bearerSecurity,
  countResponse,
  errorResponses,
  idParams,
  listQuerySchema,
  objectOf,
  successResponse,
} from '../common/schemas.ts';
import { listingFormDoc } from '../selling/listing.ts';
import { LIMITS_DESCRIPTION } from '../selling/validation.ts';

/** What a resource tells `listingSchemas`. */
export interface ListingSchemaSpec<
  Resource extends string,
  One extends string,
  Title extends 'title' | 'name',
  Owner extends string,
  ListAnswer extends object,
  Detail extends object,
  Edit extends Record<string, object>,
  Mine extends object = Detail,
> {
  /** Route and tag: 'products'. */
  resource: Resource;
  /** One of them, the key of the detail answers: 'product'. */
  one: One;
  titleField: Title;
  /** The owner's key in the JSON: 'seller', 'provider'. */
  ownerKey: Owner;
  categories: readonly string[];
  /** The list answer (the contract's `productListAnswerSchema`, ...). */
  listAnswer: ListAnswer;
  /** The JSON of a listing on its detail page (`productDetailSchema`, ...). */
  detail: Detail;
  /** The JSON of a listing in the owner's `mine` list (`myProductSchema`: the detail plus `saves`, docs/product.md §20). */
  mine: Mine;
  /** The JSON edit's own fields, after the listing ones (products: status, condition, negotiable). */
  editProperties: Edit;
  /** The list's query string (default: `listQuerySchema(categories)`; products add `condition`). */
  querystring?: object;
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

/** Builds the route schemas of a listing resource: `list`, `get`, `count`, `mine`, `create`, `update`, `remove`. */
export function listingSchemas<
  const Resource extends string,
  const One extends string,
  const Title extends 'title' | 'name',
  const Owner extends string,
  const ListAnswer extends object,
  const Detail extends object,
  const Edit extends Record<string, object>,
  const Mine extends object,
>(spec: ListingSchemaSpec<Resource, One, Title, Owner, ListAnswer, Detail, Edit, Mine>) {
  const { resource, one, titleField, ownerKey, categories, detail, text } = spec;
  const tags = [resource];

  /** `{status, data: {<one>}}`: the answer of the detail (200), create (201) and edit (200). */
  const oneAnswer = successResponse(objectOf({ [one]: detail } as { [K in One]: typeof detail }));

  /** JSON edit (no pictures), e.g. `{status: "sold"}` for a product. */
  const jsonEdit = {
    type: 'object',
    properties: {
      ...({ [titleField]: { type: 'string' } } as { [K in Title]: { readonly type: 'string' } }),
      description: { type: 'string' },
      // A number is coerced to its string (what the price check parses anyway).
      price: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      category: { type: 'string' },
      ...spec.editProperties,
      clearPhotos: { type: 'boolean' },
    },
  } as const;

  return {
    list: {
      tags,
      summary: text.list,
      querystring: spec.querystring ?? listQuerySchema(categories),
      response: { 200: spec.listAnswer, ...errorResponses },
    },
    get: { tags, summary: text.get, params: idParams, response: { 200: oneAnswer, ...errorResponses } },
    count: { tags, summary: text.count, response: countResponse },
    mine: {
      tags,
      summary: text.mine,
      security: bearerSecurity,
      response: {
        200: successResponse(
          objectOf({ [resource]: { type: 'array', items: spec.mine } } as {
            [K in Resource]: { readonly type: 'array'; readonly items: Mine };
          }),
        ),
        ...errorResponses,
      },
    },
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
      response: { 201: oneAnswer, ...errorResponses },
    },
    update: {
      tags,
      summary: text.update,
      description: `multipart/form-data (with pictures) or JSON. Limits: ${LIMITS_DESCRIPTION}. 403 'You do not have permission to change this listing' for anyone but the ${ownerKey}.`,
      security: bearerSecurity,
      consumes: ['multipart/form-data', 'application/json'],
      params: idParams,
      body: {
        content: {
          'multipart/form-data': {
            schema: listingFormDoc(titleField, categories, false, spec.formProperties),
          },
          'application/json': { schema: jsonEdit },
        },
      },
      response: { 200: oneAnswer, ...errorResponses },
    },
    remove: {
      tags,
      summary: `Delete a ${one} and its pictures (the ${ownerKey}, or an admin)`,
      security: bearerSecurity,
      params: idParams,
      response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses },
    },
  } as const;
}
