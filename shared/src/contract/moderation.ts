/**
 * The moderation desk's answers (docs/product.md §19.3; `GET /api/v1/admin/reports`, `/admin/audit`)
 * and the dashboard overview's (docs/product.md §15; `GET /api/v1/dashboard/summary`): the API's response
 * schemas and, through `JsonOf`, mfe-dashboard's types.
 */
import { pageQuery } from './list-query';
import { dateTime, nullableString, objectOf, pagedList, successResponse } from './pieces';

const person = objectOf({ _id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } });

/** What can be reported (docs/product.md §19.1). */
export const REPORT_TARGET_TYPES = ['product', 'service', 'shop', 'user'] as const;
/** The fixed list of reasons (docs/product.md §19.1); `prohibited` points to the Terms' "Prohibited items". */
export const REPORT_REASONS = ['scam', 'prohibited', 'spam', 'offensive', 'sold', 'other'] as const;
/** Longest `details` of a report, characters (docs/product.md §19.1). */
export const REPORT_DETAILS_MAX = 500;

/** What a report or an audit entry is about. */
export const reportTargetTypeSchema = {
  type: 'string',
  enum: [...REPORT_TARGET_TYPES],
} as const;

/** A report as its reporter gets it back (docs/product.md §19.1). */
export const reportSchema = objectOf({
  _id: { type: 'string', format: 'uuid' },
  targetType: reportTargetTypeSchema,
  targetId: { type: 'string', format: 'uuid' },
  reason: { type: 'string', enum: [...REPORT_REASONS] },
  details: nullableString,
  status: { type: 'string', enum: ['open', 'closed'] },
  createdAt: dateTime,
});

/** `POST /reports` answer (201 a new report, 200 the same open one again): the report and the message to show. */
export const reportAnswerSchema = successResponse(
  objectOf({ report: reportSchema, message: { type: 'string' } }),
);

/** `POST /reports` body: what is reported, why, and optional details. */
export const reportBodySchema = {
  type: 'object',
  required: ['targetType', 'targetId', 'reason'],
  additionalProperties: false,
  properties: {
    targetType: reportTargetTypeSchema,
    targetId: { type: 'string', maxLength: 100, description: 'UUID of the product, service, shop or user' },
    reason: {
      type: 'string',
      enum: [...REPORT_REASONS],
      description:
        'scam; prohibited (see the Terms, "Prohibited items"); spam (wrong category, duplicates); offensive; sold (no longer available); other',
    },
    details: { type: 'string', maxLength: REPORT_DETAILS_MAX },
  },
} as const;

/** Body of hide and suspend: `{reason}` (required, shown to the owner). */
export const moderationReasonBodySchema = {
  type: 'object',
  required: ['reason'],
  properties: { reason: { type: 'string', maxLength: 500, description: 'Shown to the owner' } },
} as const;
/** Body of restore and unsuspend: `{reason?}` (an optional note) or none. */
export const moderationNoteBodySchema = {
  type: 'object',
  properties: { reason: { type: 'string', maxLength: 500, description: 'Optional note' } },
  nullable: true,
} as const;

/** `{status: "success", data: {}}`: a moderation action with nothing to tell. */
export const moderationDoneSchema = successResponse(objectOf({}));
/** Hide and suspend answer: whether the owner's notice mail went out. */
export const mailSentAnswerSchema = successResponse(objectOf({ mailSent: { type: 'boolean' } }));
/** Dismiss answer: whether a held listing became public again. */
export const dismissAnswerSchema = successResponse(objectOf({ released: { type: 'boolean' } }));
/** `GET /admin/reports` query. */
export const reportGroupsQuerySchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['open', 'closed'], default: 'open' },
    page: pageQuery,
  },
} as const;
/** `GET /admin/audit` query. */
export const auditQuerySchema = { type: 'object', properties: { page: pageQuery } } as const;

/** One target on the moderation desk with its reports. */
export const reportGroupSchema = objectOf({
  targetType: reportTargetTypeSchema,
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

/** A page of the desk: 20 targets, most recently reported first. */
export const reportGroupsPageSchema = pagedList('groups', 'totalGroups', reportGroupSchema);

/**
 * `GET /admin/report-rings` data: reporters flagged for reporting many of the same targets within
 * a day (ADR 0028); while a flag is open their reports do not count towards automatic holds.
 */
export const reportRingsSchema = objectOf({
  rings: {
    type: 'array',
    items: objectOf({
      _id: { type: 'string' },
      sharedTargets: { type: 'integer' },
      firstSeenAt: dateTime,
      lastSeenAt: dateTime,
      members: {
        type: 'array',
        items: objectOf({
          _id: { type: 'string' },
          name: { type: 'string' },
          email: { type: 'string' },
          joinedAt: dateTime,
        }),
      },
    }),
  },
});

/** One entry of the moderation audit log; `actor` null for automatic actions (the hold). */
export const auditEntrySchema = objectOf({
  _id: { type: 'string' },
  action: { type: 'string' },
  targetType: { type: 'string' },
  targetId: { type: 'string' },
  reason: nullableString,
  createdAt: dateTime,
  actor: { ...person, type: ['object', 'null'] },
});

/** A page of the audit log: 50 entries, newest first. */
export const auditPageSchema = pagedList('entries', 'totalEntries', auditEntrySchema);

const count = { type: 'integer', minimum: 0 } as const;

/**
 * `GET /dashboard/summary` data: counts of the user's listings; `views`: detail-page views of
 * their products and services together.
 */
export const dashboardSummarySchema = objectOf({
  products: count,
  productsAvailable: count,
  productsSold: count,
  services: count,
  events: count,
  upcomingEvents: count,
  views: count,
});
