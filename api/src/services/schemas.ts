/**
 * Request and response schemas of the services routes (spec 3 "Service", spec 7).
 */
import { SERVICE_CATEGORIES } from '@campus/shared/constants';
import {
  countResponse,
  dateTime,
  errorResponses,
  idParams,
  imagePath,
  listQuerySchema,
  nullableString,
  price,
} from '../common/schemas.ts';

const serviceProperties = {
  _id: { type: 'string', format: 'uuid' },
  name: { type: 'string' },
  description: { type: 'string' },
  price,
  category: { type: 'string', enum: [...SERVICE_CATEGORIES] },
  coverImage: imagePath,
  coverThumbnail: imagePath,
  views: { type: 'integer' },
  createdAt: dateTime,
} as const;

/** A service as listed (spec 3: _id, name, description, price, coverImage, views, provider). */
export const serviceListItem = {
  type: 'object',
  required: [...Object.keys(serviceProperties), 'provider'],
  properties: {
    ...serviceProperties,
    provider: {
      type: 'object',
      required: ['_id', 'firstName', 'whatsApp'],
      properties: { _id: { type: 'string' }, firstName: { type: 'string' }, whatsApp: { type: 'string' } },
    },
  },
} as const;

/** A service on its detail page: the list fields plus photos, updatedAt and more about the provider. */
export const serviceDetail = {
  type: 'object',
  required: [...Object.keys(serviceProperties), 'photos', 'updatedAt', 'provider'],
  properties: {
    ...serviceProperties,
    photos: { type: 'array', items: { type: 'string' }, description: 'URL paths of extra pictures' },
    updatedAt: dateTime,
    provider: {
      type: 'object',
      required: ['_id', 'firstName', 'lastName', 'whatsApp', 'university', 'photo'],
      properties: {
        _id: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        whatsApp: { type: 'string' },
        university: { type: 'string' },
        photo: nullableString,
      },
    },
  },
} as const;

export const listServicesSchema = {
  tags: ['services'],
  summary: 'Services, newest first (or by relevance when searching)',
  querystring: listQuerySchema(SERVICE_CATEGORIES),
  response: {
    200: {
      type: 'object',
      required: ['status', 'data'],
      properties: {
        status: { type: 'string', const: 'success' },
        data: {
          type: 'object',
          required: ['services', 'totalPages', 'totalServices', 'currentPage'],
          properties: {
            services: { type: 'array', items: serviceListItem },
            totalPages: { type: 'integer' },
            totalServices: { type: 'integer' },
            currentPage: { type: 'integer' },
          },
        },
      },
    },
    ...errorResponses,
  },
} as const;

export const getServiceSchema = {
  tags: ['services'],
  summary: 'One service; counts a view',
  params: idParams,
  response: {
    200: {
      type: 'object',
      required: ['status', 'data'],
      properties: {
        status: { type: 'string', const: 'success' },
        data: { type: 'object', required: ['service'], properties: { service: serviceDetail } },
      },
    },
    ...errorResponses,
  },
} as const;

export const servicesCountSchema = {
  tags: ['services'],
  summary: 'Number of services',
  response: countResponse,
} as const;
