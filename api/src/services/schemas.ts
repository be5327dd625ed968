/**
 * Request and response schemas of the services routes (spec 3 "Service", spec 7).
 */
import { SERVICE_CATEGORIES } from '@campus/shared/constants';
import {
  bearerSecurity,
  countResponse,
  dateTime,
  errorResponses,
  idParams,
  imagePath,
  listQuerySchema,
  moderationProperties,
  nullableString,
  objectOf,
  pagedListResponse,
  price,
  successResponse,
  verifiedStudentProperty,
} from '../common/schemas.ts';
import { listingFormDoc } from '../selling/listing.ts';
import { LIMITS_DESCRIPTION } from '../selling/validation.ts';

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
      required: ['_id', 'firstName', 'whatsApp', 'university', 'verifiedStudent'],
      properties: {
        _id: { type: 'string' },
        firstName: { type: 'string' },
        whatsApp: { type: 'string' },
        university: { type: 'string' },
        verifiedStudent: verifiedStudentProperty,
      },
    },
  },
} as const;

/** A service on its detail page: the list fields plus photos, updatedAt and more about the provider. */
export const serviceDetail = {
  type: 'object',
  required: [
    ...Object.keys(serviceProperties),
    'photos',
    'updatedAt',
    'provider',
    'moderation',
    'moderationReason',
  ],
  properties: {
    ...serviceProperties,
    photos: { type: 'array', items: { type: 'string' }, description: 'URL paths of extra pictures' },
    updatedAt: dateTime,
    provider: {
      type: 'object',
      required: ['_id', 'firstName', 'lastName', 'whatsApp', 'university', 'photo', 'verifiedStudent'],
      properties: {
        _id: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        whatsApp: { type: 'string' },
        university: { type: 'string' },
        photo: nullableString,
        verifiedStudent: verifiedStudentProperty,
      },
    },
    ...moderationProperties,
  },
} as const;

/** `{status, data: {service}}` with the given success status (detail, create, edit). */
const serviceAnswer = (status: 200 | 201) => ({
  [status]: successResponse(objectOf({ service: serviceDetail })),
  ...errorResponses,
});

export const listServicesSchema = {
  tags: ['services'],
  summary: 'Services, newest first (or by relevance when searching)',
  querystring: listQuerySchema(SERVICE_CATEGORIES),
  response: { 200: pagedListResponse('services', 'totalServices', serviceListItem), ...errorResponses },
} as const;

export const getServiceSchema = {
  tags: ['services'],
  summary: 'One service; counts a view',
  params: idParams,
  response: serviceAnswer(200),
} as const;

export const servicesCountSchema = {
  tags: ['services'],
  summary: 'Number of services',
  response: countResponse,
} as const;

/* ---- Selling (issue 5): my services, create (spec 7 POST /services), edit, delete ---- */

export const myServicesSchema = {
  tags: ['services'],
  summary: 'My services, newest first, at most 500',
  security: bearerSecurity,
  response: {
    200: successResponse(objectOf({ services: { type: 'array', items: serviceDetail } })),
    ...errorResponses,
  },
} as const;

export const createServiceSchema = {
  tags: ['services'],
  summary: 'Offer a service (spec 7: multipart name, description, price, category, coverImage, photos)',
  description: `Verified users. Limits: ${LIMITS_DESCRIPTION}. 401 without a session, 403 unverified, 400 with per-field messages (the error text is read from message), 413 for a picture over 10 MB.`,
  security: bearerSecurity,
  consumes: ['multipart/form-data'],
  body: { content: { 'multipart/form-data': { schema: listingFormDoc('name', SERVICE_CATEGORIES, true) } } },
  response: serviceAnswer(201),
} as const;

const serviceJsonEdit = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    // A number is coerced to its string (what the price check parses anyway).
    price: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    category: { type: 'string' },
    clearPhotos: { type: 'boolean' },
  },
} as const;

export const updateServiceSchema = {
  tags: ['services'],
  summary: 'Edit my service (provider only)',
  description: `multipart/form-data (with pictures) or JSON. Limits: ${LIMITS_DESCRIPTION}. 403 'You do not have permission to change this listing' for anyone but the provider.`,
  security: bearerSecurity,
  consumes: ['multipart/form-data', 'application/json'],
  params: idParams,
  body: {
    content: {
      'multipart/form-data': { schema: listingFormDoc('name', SERVICE_CATEGORIES, false) },
      'application/json': { schema: serviceJsonEdit },
    },
  },
  response: serviceAnswer(200),
} as const;

export const deleteServiceSchema = {
  tags: ['services'],
  summary: 'Delete a service and its pictures (the provider, or an admin)',
  security: bearerSecurity,
  params: idParams,
  response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses },
} as const;
