/**
 * Request and response schemas of the moderation routes (docs/product.md §19.3). Every route needs a
 * signed-in admin (401 guest, 403 others).
 */
import { auditPageSchema, reportGroupsPageSchema, reportRingsSchema } from '@campus/shared/contract';
import {
  bearerSecurity,
  errorResponses,
  idParams,
  objectOf,
  pageQuery,
  successResponse,
} from '../common/schemas.ts';

const tags = ['admin'];
export const listReportsSchema = {
  tags,
  summary: 'Reports grouped by target, most recently reported first (20 targets per page)',
  security: bearerSecurity,
  querystring: {
    type: 'object',
    properties: { status: { type: 'string', enum: ['open', 'closed'], default: 'open' }, page: pageQuery },
  },
  response: {
    200: successResponse(reportGroupsPageSchema),
    ...errorResponses,
  },
} as const;

export const dismissSchema = {
  tags,
  summary:
    'Close one open report (a held listing whose open reports no longer weigh the hold threshold becomes public)',
  security: bearerSecurity,
  params: idParams,
  response: { 200: successResponse(objectOf({ released: { type: 'boolean' } })), ...errorResponses },
} as const;

export const listRingsSchema = {
  tags,
  summary:
    'Open report-ring flags: reporters who reported many of the same targets within a day (their reports do not count towards holds)',
  security: bearerSecurity,
  response: { 200: successResponse(reportRingsSchema), ...errorResponses },
} as const;

export const dismissRingSchema = {
  tags,
  summary: 'Close a report-ring flag (not a ring): its members’ reports count again',
  security: bearerSecurity,
  params: idParams,
  response: { 200: successResponse(objectOf({})), ...errorResponses },
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
  querystring: { type: 'object', properties: { page: pageQuery } },
  response: {
    200: successResponse(auditPageSchema),
    ...errorResponses,
  },
} as const;

export type { AuditJson, ReportGroupJson } from '@campus/shared/contract';
