/**
 * Reports use cases (issue 12 items 1-2): a signed-in, verified user reports a product, service,
 * shop or user with a reason of the fixed list and optional details (at most 500 characters).
 * One open report per reporter and target (a repeat answers the same report), never one's own
 * listing or oneself, 404 for an unknown target. When 3 distinct verified users have open reports
 * on a listing it is held: hidden from the public until a moderator decides (the public answers
 * that show it are dropped from the response cache).
 */
import type { JsonOf } from '@campus/shared/contract';
import { isUuid } from '../common/http.ts';
import type { ReportReason, ReportRow, ReportTargetType } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import type { ReportsRepository } from './repository.ts';
import type { reportSchema } from './schemas.ts';

/** The fixed list of reasons (issue 12 item 1); `prohibited` points to the Terms' "Prohibited items". */
export const REPORT_REASONS = [
  'scam',
  'prohibited',
  'spam',
  'offensive',
  'sold',
  'other',
] as const satisfies readonly ReportReason[];
/** What can be reported. */
export const REPORT_TARGET_TYPES = [
  'product',
  'service',
  'shop',
  'user',
] as const satisfies readonly ReportTargetType[];
/** Longest `details`, characters (issue 12 item 1). */
export const REPORT_DETAILS_MAX = 500;
/** Distinct verified reporters with open reports that put a listing on hold (issue 12 item 2). */
export const HOLD_THRESHOLD = 3;

export const REPORT_MESSAGES = {
  thanks: 'Thanks — our moderators will review this.',
  own: 'You cannot report your own listing or account.',
  notFound: {
    product: 'Product not found',
    service: 'Service not found',
    shop: 'Shop not found',
    user: 'User not found',
  },
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
} as const;

/** A report as the API sends it (read from `reportSchema`). */
export type ReportJson = JsonOf<typeof reportSchema>;

/** Maps a reports row to `ReportJson`. */
export function toReportJson(row: ReportRow): ReportJson {
  return {
    _id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    details: row.details,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

export interface ReportsServiceDeps {
  /** Called when a listing was put on hold (the app drops the cached public answers). */
  onHold?: (type: Exclude<ReportTargetType, 'user'>) => void | Promise<void>;
  now?: () => Date;
}

export type ReportsService = ReturnType<typeof reportsService>;

/** Builds the reports service. */
export function reportsService(repository: ReportsRepository, deps: ReportsServiceDeps = {}) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * `POST /reports`.
     * @param reporterId the signed-in, verified user
     * @returns the report, whether it is new (201) or the reporter's open one (200), and the
     *   message to show
     * @throws HttpError 404 unknown target (or malformed id), 403 own listing / oneself,
     *   400 details too long
     */
    async create(
      reporterId: string,
      input: { targetType: ReportTargetType; targetId: string; reason: ReportReason; details?: string },
    ): Promise<{ report: ReportJson; created: boolean; message: string }> {
      const { targetType, targetId, reason } = input;
      const details = input.details?.trim() || null;
      if (details && details.length > REPORT_DETAILS_MAX) {
        throw new HttpError(400, REPORT_MESSAGES.detailsTooLong, { details: REPORT_MESSAGES.detailsTooLong });
      }
      const owner = isUuid(targetId) ? await repository.ownerOf(targetType, targetId) : undefined;
      if (!owner) throw notFound(REPORT_MESSAGES.notFound[targetType]);
      if (owner === reporterId) throw new HttpError(403, REPORT_MESSAGES.own);
      const result = await repository.create(
        { reporterId, targetType, targetId: targetId.toLowerCase(), reason, details },
        HOLD_THRESHOLD,
        now(),
      );
      if (result.held && targetType !== 'user') await deps.onHold?.(targetType);
      return {
        report: toReportJson(result.report),
        created: result.created,
        message: REPORT_MESSAGES.thanks,
      };
    },
  };
}
