/**
 * Route-level docs of the moderation routes (docs/product.md §19.3): tags, summaries, security and
 * error answers; params, query, bodies and answers are the table of endpoints'
 * (`@campus/shared/contract`, docs/decisions/0038). Every route needs a signed-in admin (401
 * guest, 403 others).
 */
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

const tags = ['admin'];
const docs = (summary: string) => ({ tags, summary, security: bearerSecurity, response: errorResponses });

export const listReportsSchema = docs(
  'Reports grouped by target, most recently reported first (20 targets per page)',
);

export const dismissSchema = docs(
  'Close one open report (a held listing whose open reports no longer weigh the hold threshold becomes public)',
);

export const listRingsSchema = docs(
  'Open report-ring flags: reporters who reported many of the same targets within a day (their reports do not count towards holds)',
);

export const dismissRingSchema = docs(
  'Close a report-ring flag (not a ring): its members’ reports count again',
);

export const hideSchema = docs(
  'Hide a listing from the public (the owner sees "Under review" and the reason, and is mailed)',
);

export const restoreSchema = docs('Make a held or hidden listing public again (closes its open reports)');

export const suspendSchema = docs(
  'Suspend a user: tokens and logins refused, all their listings hidden; the user is mailed',
);

export const unsuspendSchema = docs('Lift a suspension');

export const auditSchema = docs('The moderation audit log, newest first (50 per page)');

export type { AuditJson, ReportGroupJson } from '@campus/shared/contract';

/** `GET /admin/safety-signals` (docs/product.md §29): flagged listings with their evidence. */
export const listSafetySignalsSchema = docs(
  'Listings flagged by scam signals (price outlier, reused photo, advance payment, new account, reported seller) with their evidence; flagged listings stay public',
);
