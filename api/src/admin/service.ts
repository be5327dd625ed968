/**
 * Moderation use cases (docs/product.md §19.3), for `role: admin` only (the routes check it): the open
 * and closed reports grouped by target, dismiss, hide / restore a listing, suspend / unsuspend a
 * user, and the audit log. Each action runs in one transaction with its audit row
 * (`repository.ts`); afterwards the cached public answers are dropped and the owner is mailed
 * (hidden listing, suspended account). Mail failures are logged and reported as
 * `mailSent: false`, never undo the action.
 */
import { isUuid } from '../common/http.ts';
import type { ReportTargetType } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountSuspendedMail, listingHiddenMail } from '../mail/templates.ts';
import type { ListingTargetType } from '../reports/repository.ts';
import { HOLD_RULE, REPORT_MESSAGES } from '../reports/service.ts';
import type { AdminRepository, GroupReportRow, TargetRow } from './repository.ts';
import type { AuditJson, ReportGroupJson } from './schemas.ts';

/** Groups (targets) per page of the desk. */
export const ADMIN_PAGE_SIZE = 20;
/** Audit rows per page. */
export const AUDIT_PAGE_SIZE = 50;

export const ADMIN_MESSAGES = {
  reportNotFound: 'Report not found or already closed',
  ringNotFound: 'Report ring flag not found or already dismissed',
  selfSuspend: 'You cannot suspend your own account.',
  reasonRequired: 'Please give a reason',
} as const;

/** Where the owner of each listing type sees it in the dashboard (the mail's link). */
const DASHBOARD_PATH: Record<ListingTargetType, string> = {
  product: '/app/products-list',
  service: '/app/services-list',
  shop: '/app/settings?tab=shop',
};

/** Public page of a target, for the desk's link (users have no page: null). */
function targetLink(type: ReportTargetType, id: string): string | null {
  if (type === 'product') return `/products/${id}`;
  if (type === 'service') return `/services/${id}`;
  if (type === 'shop') return `/shops/${id}`;
  return null;
}

export interface AdminServiceDeps {
  mailer: Mailer;
  /** PUBLIC_URL, for links in mails. */
  publicUrl: string;
  /** Drops the cached public answers holding this kind of target. */
  onChange: (type: ReportTargetType) => void | Promise<void>;
  /** Called after a listing was restored (public again): saved-search alerts (docs/product.md §30). */
  onRestored?: (type: ListingTargetType, id: string) => Promise<void>;
  now?: () => Date;
}

export type AdminService = ReturnType<typeof adminService>;

const checkReason = (reason: string | undefined, required: boolean): string | null => {
  const value = reason?.trim() ?? '';
  if (value === '' && required)
    throw new HttpError(400, ADMIN_MESSAGES.reasonRequired, { reason: ADMIN_MESSAGES.reasonRequired });
  return value === '' ? null : value;
};

/** Builds the moderation service. */
export function adminService(repository: AdminRepository, deps: AdminServiceDeps) {
  const now = deps.now ?? (() => new Date());

  function groupJson(
    group: { target_type: ReportTargetType; target_id: string; count: number; last_reported_at: Date },
    target: TargetRow | undefined,
    reports: GroupReportRow[],
  ): ReportGroupJson {
    const tally = new Map<string, number>();
    for (const r of reports) tally.set(r.reason, (tally.get(r.reason) ?? 0) + 1);
    return {
      targetType: group.target_type,
      targetId: group.target_id,
      title: target?.title ?? null,
      link: target ? targetLink(group.target_type, group.target_id) : null,
      owner: target
        ? {
            _id: target.owner_id,
            name: target.owner_name,
            email: target.owner_email,
            suspended: target.owner_suspended,
          }
        : null,
      moderation: target?.moderation ?? 'visible',
      moderationReason: target?.moderation_reason ?? null,
      count: group.count,
      reasons: [...tally.entries()].sort((a, b) => b[1] - a[1]).map(([reason]) => reason),
      lastReportedAt: new Date(group.last_reported_at).toISOString(),
      reports: reports.map((r) => ({
        _id: r.id,
        reason: r.reason,
        details: r.details,
        resolution: r.resolution,
        createdAt: r.created_at.toISOString(),
        reporter: {
          _id: r.reporter_id,
          name: `${r.reporter_first_name} ${r.reporter_last_name}`,
          email: r.reporter_email,
        },
      })),
    };
  }

  async function mailOwner(message: Parameters<Mailer['send']>[0]): Promise<boolean> {
    return (await deps.mailer.send(message)).ok;
  }

  return {
    /**
     * `GET /admin/report-rings`: the open report-ring flags (ADR 0028), most recently seen first
     * (at most 50), each with its members and the number of targets they reported in common.
     */
    async rings() {
      const rows = await repository.openRings(50);
      return {
        rings: rows.map((row) => ({
          _id: row.id,
          sharedTargets: row.shared_targets,
          firstSeenAt: new Date(row.first_seen_at).toISOString(),
          lastSeenAt: new Date(row.last_seen_at).toISOString(),
          members: row.members.map((m) => ({
            _id: m.id,
            name: m.name,
            email: m.email,
            joinedAt: new Date(m.createdAt).toISOString(),
          })),
        })),
      };
    },

    /**
     * `POST /admin/report-rings/:id/dismiss`: closes a ring flag (audit 'dismiss_ring'); its
     * members' open reports count towards holds again from their next report on.
     * @throws HttpError 404 when no open flag has this id
     */
    async dismissRing(actorId: string, ringId: string): Promise<void> {
      const done = isUuid(ringId) ? await repository.dismissRing(ringId, actorId, now()) : false;
      if (!done) throw notFound(ADMIN_MESSAGES.ringNotFound);
    },

    /**
     * `GET /admin/reports?status=open|closed&page=`: targets with reports of `status`, most
     * recently reported first, ADMIN_PAGE_SIZE per page, each with its reports and reporters.
     */
    async reports(status: 'open' | 'closed', page: number) {
      const { groups, total } = await repository.reportGroups(
        status,
        (page - 1) * ADMIN_PAGE_SIZE,
        ADMIN_PAGE_SIZE,
      );
      const targets = groups.map((g) => ({ type: g.target_type, id: g.target_id }));
      const [reports, ...byType] = await Promise.all([
        repository.reportsOf(status, targets),
        ...(['product', 'service', 'shop', 'user'] as const).map((type) =>
          repository.targets(
            type,
            groups.filter((g) => g.target_type === type).map((g) => g.target_id),
          ),
        ),
      ]);
      const found = new Map(byType.flat().map((t) => [t.id, t]));
      return {
        groups: groups.map((g) =>
          groupJson(
            g,
            found.get(g.target_id),
            reports.filter((r) => r.target_type === g.target_type && r.target_id === g.target_id),
          ),
        ),
        totalPages: Math.ceil(total / ADMIN_PAGE_SIZE),
        totalGroups: total,
        currentPage: page,
      };
    },

    /**
     * `POST /admin/reports/:id/dismiss`: closes one open report (audit 'dismiss'); a held listing
     * whose open reports no longer weigh the hold threshold becomes public again (ADR 0028).
     * @throws HttpError 404 when no open report has this id
     */
    async dismiss(actorId: string, reportId: string): Promise<{ released: boolean }> {
      const result = isUuid(reportId)
        ? await repository.dismiss(reportId, actorId, HOLD_RULE, now())
        : undefined;
      if (!result) throw notFound(ADMIN_MESSAGES.reportNotFound);
      if (result.released) await deps.onChange(result.type);
      return { released: result.released };
    },

    /**
     * `POST /admin/{products|services|shops}/:id/hide {reason}`: hides the listing (the owner
     * sees "Under review" and the reason), closes its open reports, audit 'hide', mails the owner.
     * @throws HttpError 400 without a reason, 404 unknown listing
     */
    async hide(actorId: string, type: ListingTargetType, id: string, reason: string | undefined) {
      const why = checkReason(reason, true) as string;
      const acted = isUuid(id) ? await repository.hide(type, id, why, actorId, now()) : undefined;
      if (!acted) throw notFound(REPORT_MESSAGES.notFound[type]);
      await deps.onChange(type);
      const mailSent = await mailOwner({
        to: acted.owner_email,
        ...listingHiddenMail(
          acted.owner_first_name,
          type,
          acted.title,
          why,
          `${deps.publicUrl}${DASHBOARD_PATH[type]}`,
        ),
        kind: 'listing-hidden',
      });
      return { mailSent };
    },

    /**
     * `POST /admin/{products|services|shops}/:id/restore {reason?}`: makes a held or hidden
     * listing public again, closes its open reports, audit 'restore'.
     * @throws HttpError 404 unknown listing
     */
    async restore(actorId: string, type: ListingTargetType, id: string, reason: string | undefined) {
      const acted = isUuid(id)
        ? await repository.restore(type, id, checkReason(reason, false), actorId, now())
        : undefined;
      if (!acted) throw notFound(REPORT_MESSAGES.notFound[type]);
      await deps.onChange(type);
      await deps.onRestored?.(type, id.toLowerCase());
    },

    /**
     * `POST /admin/users/:id/suspend {reason}`: the account's tokens and logins are refused and
     * all its listings hidden; audit 'suspend'; the user is mailed.
     * @throws HttpError 400 without a reason or for oneself, 404 unknown user
     */
    async suspend(actorId: string, userId: string, reason: string | undefined) {
      const why = checkReason(reason, true) as string;
      if (userId.toLowerCase() === actorId.toLowerCase())
        throw new HttpError(400, ADMIN_MESSAGES.selfSuspend);
      const acted = isUuid(userId) ? await repository.suspend(userId, why, actorId, now()) : undefined;
      if (!acted) throw notFound(REPORT_MESSAGES.notFound.user);
      await Promise.all((['product', 'service', 'shop', 'user'] as const).map((type) => deps.onChange(type)));
      const mailSent = await mailOwner({
        to: acted.owner_email,
        ...accountSuspendedMail(acted.owner_first_name, why, `${deps.publicUrl}/terms-and-conditions`),
        kind: 'account-suspended',
      });
      return { mailSent };
    },

    /**
     * `POST /admin/users/:id/unsuspend {reason?}`: lifts the suspension; audit 'unsuspend'.
     * @throws HttpError 404 unknown user
     */
    async unsuspend(actorId: string, userId: string, reason: string | undefined) {
      const acted = isUuid(userId)
        ? await repository.unsuspend(userId, checkReason(reason, false), actorId, now())
        : undefined;
      if (!acted) throw notFound(REPORT_MESSAGES.notFound.user);
      await Promise.all((['product', 'service', 'shop', 'user'] as const).map((type) => deps.onChange(type)));
    },

    /** `GET /admin/audit?page=`: the audit log, newest first, AUDIT_PAGE_SIZE per page. */
    async audit(page: number) {
      const { rows, total } = await repository.auditPage((page - 1) * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE);
      const entries: AuditJson[] = rows.map((row) => ({
        _id: row.id,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        reason: row.reason,
        createdAt: row.created_at.toISOString(),
        actor: row.actor_id
          ? {
              _id: row.actor_id,
              name: `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim(),
              email: row.actor_email ?? '',
            }
          : null,
      }));
      return {
        entries,
        totalPages: Math.ceil(total / AUDIT_PAGE_SIZE),
        totalEntries: total,
        currentPage: page,
      };
    },
  };
}
