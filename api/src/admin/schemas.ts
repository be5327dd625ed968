/**
 * Request and response schemas of the moderation routes (issue 12 item 3). Every route needs a
 * signed-in admin (401 guest, 403 others).
 */
import {
  bearerSecurity,
  dateTime,
  errorResponses,
  idParams,
  MAX_PAGE,
  nullableString,
  objectOf,
  successResponse,
} from '../common/schemas.ts';

const tags = ['admin'];
const page = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_PAGE,
  default: 1,
  description: '1-based page number',
} as const;
const person = objectOf({ _id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } });

const reportGroup = objectOf({
  targetType: { type: 'string', enum: ['product', 'service', 'shop', 'user'] },
  targetId: { type: 'string' },
  title: nullableString,
  link: {
    type: ['string', 'null'],
    description: 'Path of the public page (null for users and deleted targets)',
  },
  owner: {
    type: ['object', 'null'],
    required: ['_id', 'name', 'email', 'suspended'],
    properties: {
      _id: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      suspended: { type: 'boolean' },
    },
  },
  moderation: { type: 'string', enum: ['visible', 'held', 'hidden'] },
  moderationReason: nullableString,
  count: { type: 'integer' },
  reasons: { type: 'array', items: { type: 'string' } },
  lastReportedAt: dateTime,
  reports: {
    type: 'array',
    items: objectOf({
      _id: { type: 'string' },
      reason: { type: 'string' },
      details: nullableString,
      resolution: nullableString,
      createdAt: dateTime,
      reporter: person,
    }),
  },
});

export const listReportsSchema = {
  tags,
  summary: 'Reports grouped by target, most recently reported first (20 targets per page)',
  security: bearerSecurity,
  querystring: {
    type: 'object',
    properties: { status: { type: 'string', enum: ['open', 'closed'], default: 'open' }, page },
  },
  response: {
    200: successResponse(
      objectOf({
        groups: { type: 'array', items: reportGroup },
        totalPages: { type: 'integer' },
        totalGroups: { type: 'integer' },
        currentPage: { type: 'integer' },
      }),
    ),
    ...errorResponses,
  },
} as const;

export const dismissSchema = {
  tags,
  summary: 'Close one open report (a held listing left with fewer than 3 reporters becomes public)',
  security: bearerSecurity,
  params: idParams,
  response: { 200: successResponse(objectOf({ released: { type: 'boolean' } })), ...errorResponses },
} as const;

const reasonBody = (required: boolean) =>
  ({
    type: 'object',
    ...(required ? { required: ['reason'] } : {}),
    properties: {
      reason: {
        type: 'string',
        maxLength: 500,
        description: required ? 'Shown to the owner' : 'Optional note',
      },
    },
  }) as const;

export const hideSchema = {
  tags,
  summary: 'Hide a listing from the public (the owner sees "Under review" and the reason, and is mailed)',
  security: bearerSecurity,
  params: idParams,
  body: reasonBody(true),
  response: { 200: successResponse(objectOf({ mailSent: { type: 'boolean' } })), ...errorResponses },
} as const;

export const restoreSchema = {
  tags,
  summary: 'Make a held or hidden listing public again (closes its open reports)',
  security: bearerSecurity,
  params: idParams,
  body: { ...reasonBody(false), nullable: true },
  response: { 200: successResponse(objectOf({})), ...errorResponses },
} as const;

export const suspendSchema = {
  tags,
  summary: 'Suspend a user: tokens and logins refused, all their listings hidden; the user is mailed',
  security: bearerSecurity,
  params: idParams,
  body: reasonBody(true),
  response: { 200: successResponse(objectOf({ mailSent: { type: 'boolean' } })), ...errorResponses },
} as const;

export const unsuspendSchema = {
  tags,
  summary: 'Lift a suspension',
  security: bearerSecurity,
  params: idParams,
  body: { ...reasonBody(false), nullable: true },
  response: { 200: successResponse(objectOf({})), ...errorResponses },
} as const;

export const auditSchema = {
  tags,
  summary: 'The moderation audit log, newest first (50 per page)',
  security: bearerSecurity,
  querystring: { type: 'object', properties: { page } },
  response: {
    200: successResponse(
      objectOf({
        entries: {
          type: 'array',
          items: objectOf({
            _id: { type: 'string' },
            action: { type: 'string' },
            targetType: { type: 'string' },
            targetId: { type: 'string' },
            reason: nullableString,
            createdAt: dateTime,
            actor: { ...person, type: ['object', 'null'] },
          }),
        },
        totalPages: { type: 'integer' },
        totalEntries: { type: 'integer' },
        currentPage: { type: 'integer' },
      }),
    ),
    ...errorResponses,
  },
} as const;
