/**
 * The moderation desk's answers (docs/product.md §19.3; `GET /api/v1/admin/reports`, `/admin/audit`)
 * and the dashboard overview's (docs/product.md §15; `GET /api/v1/dashboard/summary`): the API's response
 * schemas and, through `JsonOf`, mfe-dashboard's types.
 */
import { dateTime, nullableString, objectOf, pagedList } from './pieces';

const person = objectOf({ _id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } });

/** What a report or an audit entry is about. */
export const reportTargetTypeSchema = {
  type: 'string',
  enum: ['product', 'service', 'shop', 'user'],
} as const;

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
