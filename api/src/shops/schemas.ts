/**
 * Request and response schemas of the shops routes (spec 3 "Shop", "Shop product", spec 7).
 */
import { errorResponses, idParams, imagePath, nullableString, price } from '../common/schemas.ts';

/** A shop (spec 3: _id, name, description, coverImage, address, phone, owner). */
export const shopSchema = {
  type: 'object',
  required: ['_id', 'name', 'description', 'coverImage', 'coverThumbnail', 'address', 'phone', 'owner'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    description: { type: 'string' },
    coverImage: imagePath,
    coverThumbnail: imagePath,
    address: { ...nullableString, description: "null: the page shows 'Location not specified'" },
    phone: nullableString,
    owner: {
      type: 'object',
      required: ['_id', 'firstName', 'lastName', 'photo', 'whatsApp'],
      properties: {
        _id: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        photo: nullableString,
        whatsApp: { type: 'string' },
      },
    },
  },
} as const;

/** A product as listed in its shop (spec 3 "Shop product"). */
export const shopProductSchema = {
  type: 'object',
  required: ['_id', 'title', 'description', 'price', 'coverImage', 'coverThumbnail'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    title: { type: 'string' },
    description: { type: 'string' },
    price,
    coverImage: imagePath,
    coverThumbnail: imagePath,
  },
} as const;

export const getShopSchema = {
  tags: ['shops'],
  summary: 'One shop and its owner (the spec reads the shop from `data`)',
  params: idParams,
  response: {
    200: {
      type: 'object',
      required: ['status', 'data'],
      properties: { status: { type: 'string', const: 'success' }, data: shopSchema },
    },
    ...errorResponses,
  },
} as const;

export const getShopProductsSchema = {
  tags: ['shops'],
  summary: "The shop's available products, newest first (at most 100)",
  params: idParams,
  response: {
    200: {
      type: 'object',
      required: ['status', 'data'],
      properties: {
        status: { type: 'string', const: 'success' },
        data: {
          type: 'object',
          required: ['products'],
          properties: { products: { type: 'array', items: shopProductSchema } },
        },
      },
    },
    ...errorResponses,
  },
} as const;
