/**
 * Reports use cases (ADR 0013, ADR 0028): a signed-in, verified user reports a product, service,
 * shop or user with a reason of the fixed list and optional details (at most 500 characters).
 * One open report per reporter and target (a repeat answers the same report), never one's own
 * listing or oneself, 404 for an unknown target. When a listing's open reports weigh
 * {@link HOLD_RULE}'s threshold it is held: hidden from the public until a moderator decides (the
 * public answers that show it are dropped from the response cache). Who counts, and how much, is
 * ADR 0028: established accounts from distinct networks, never a flagged ring.
 */
import { createHmac } from 'node:crypto';
import {
  type JsonOf,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  type reportSchema,
} from '@campus/shared/contract';
import { isUuid } from '../common/http.ts';
import type { ReportReason, ReportRow, ReportTargetType } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import type { HoldRule, ReportsRepository } from './repository.ts';

// The reasons, target types and details limit are the contract's (docs/product.md §19.1).
export { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TARGET_TYPES };
/** Weight of counted open reports that puts a listing on hold (ADR 0028). */
export const HOLD_THRESHOLD = 3;

/** The automatic hold's rule (ADR 0028). */
export const HOLD_RULE: HoldRule = {
  threshold: HOLD_THRESHOLD,
  // Accounts younger than 72 hours do not count: a ring of fresh sign-ups cannot hold anything.
  minAccountAgeMs: 72 * 3_600_000,
  // A reporter whose report a moderator upheld before weighs one and a half.
  upheldWeight: 1.5,
  // Two reporters who reported 5 of the same targets within a day are flagged as a ring.
  ringSharedTargets: 5,
  ringWindowMs: 24 * 3_600_000,
};

/**
 * The keyed hash of a client address that reports store (ADR 0028): HMAC-SHA-256 under the
 * site's secret of the address's network — the IPv4 address itself, or an IPv6 address's /64,
 * since one phone or home gets a whole /64 — base64url, 22 characters. Reports from one network
 * count once towards a hold; the address is never stored in the clear.
 */
export function networkOf(address: string, secret: string): string {
  const ipv4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const network = ipv4 ?? address.toLowerCase().split(':').slice(0, 4).join(':');
  return createHmac('sha256', secret).update(`report-network:${network}`).digest('base64url').slice(0, 22);
}

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
  /** The key of {@link networkOf} (the site's JWT secret). */
  secret: string;
  /**
   * Called for each kind of listing whose visibility a report changed (a hold, or a flagged ring's
   * releases): the app drops the cached public answers.
   */
  onHold?: (type: Exclude<ReportTargetType, 'user'>) => void | Promise<void>;
  /** Called after each new report (the scam signals' report rule, docs/product.md §29). */
  onReport?: (type: ReportTargetType, id: string) => void | Promise<void>;
  now?: () => Date;
}

export type ReportsService = ReturnType<typeof reportsService>;

/** Builds the reports service. */
export function reportsService(repository: ReportsRepository, deps: ReportsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * `POST /reports`.
     * @param reporterId the signed-in, verified user
     * @param address the client's address (`request.ip`), stored only as {@link networkOf}
     * @returns the report, whether it is new (201) or the reporter's open one (200), and the
     *   message to show
     * @throws HttpError 404 unknown target (or malformed id), 403 own listing / oneself,
     *   400 details too long
     */
    async create(
      reporterId: string,
      input: { targetType: ReportTargetType; targetId: string; reason: ReportReason; details?: string },
      address?: string,
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
        {
          reporterId,
          targetType,
          targetId: targetId.toLowerCase(),
          reason,
          details,
          reporterNetwork: address ? networkOf(address, deps.secret) : null,
        },
        HOLD_RULE,
        now(),
      );
      for (const type of result.changed) await deps.onHold?.(type);
      if (result.created) await deps.onReport?.(targetType, targetId.toLowerCase());
      return {
        report: toReportJson(result.report),
        created: result.created,
        message: REPORT_MESSAGES.thanks,
      };
    },
  };
}
