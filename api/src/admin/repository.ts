/**
 * SQL of the moderation desk (docs/product.md §19.3): open/closed reports grouped by target, the
 * moderators' actions — dismiss, hide, restore, suspend, unsuspend — each in ONE transaction with
 * its audit row (an action that fails writes nothing), the audit log, and who is admin
 * (ADMIN_EMAILS at start, `npm run admin`).
 */
import { type Kysely, sql } from 'kysely';
import type { Database, ModerationState, ReportTargetType } from '../db/schema.ts';
import { type HoldRule, holdWeight, LISTING_TABLES, type ListingTargetType } from '../reports/repository.ts';

/** The title column of each listing table. */
const TITLE_COLUMN = { product: 'title', service: 'name', shop: 'name' } as const;

/** One reported target with its open (or closed) reports. */
export interface ReportGroupRow {
  target_type: ReportTargetType;
  target_id: string;
  count: number;
  last_reported_at: Date;
}

/** One report of a group, with its reporter. */
export interface GroupReportRow {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  reason: string;
  details: string | null;
  status: 'open' | 'closed';
  resolution: string | null;
  created_at: Date;
  reporter_id: string;
  reporter_first_name: string;
  reporter_last_name: string;
  reporter_email: string;
}

/** What the desk shows about a target (null when it no longer exists). */
export interface TargetRow {
  id: string;
  title: string;
  owner_id: string;
  owner_name: string;
  owner_email: string;
  /** The listing's state; for a user target: 'visible'. */
  moderation: ModerationState;
  moderation_reason: string | null;
  owner_suspended: boolean;
}

/** The owner of a listing or user that a moderator acted on (for the owner's e-mail). */
export interface ActedOn {
  title: string;
  owner_email: string;
  owner_first_name: string;
}

export interface AuditRow {
  id: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  created_at: Date;
  actor_id: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_email: string | null;
}

/** An open report-ring flag with its members (ADR 0028). */
export interface RingRow {
  id: string;
  shared_targets: number;
  first_seen_at: Date;
  last_seen_at: Date;
  members: { id: string; name: string; email: string; createdAt: string }[];
}

export type AdminRepository = ReturnType<typeof adminRepository>;

type Trx = Kysely<Database>;

/** Builds the moderation repository over `db`. */
export function adminRepository(db: Kysely<Database>) {
  async function audit(
    trx: Trx,
    entry: { actorId: string | null; action: string; type: string; id: string; reason: string | null },
    now: Date,
  ) {
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: entry.actorId,
        action: entry.action,
        target_type: entry.type,
        target_id: entry.id,
        reason: entry.reason,
        created_at: now,
      })
      .execute();
  }

  async function closeOpenReports(
    trx: Trx,
    type: ReportTargetType,
    id: string,
    resolution: string,
    actorId: string,
    now: Date,
  ) {
    await trx
      .updateTable('reports')
      .set({ status: 'closed', resolution, closed_at: now, closed_by: actorId })
      .where('target_type', '=', type)
      .where('target_id', '=', id)
      .where('status', '=', 'open')
      .execute();
  }

  /** Sets a listing's moderation state; returns its title and owner, or undefined when unknown. */
  async function setModeration(
    trx: Trx,
    type: ListingTargetType,
    id: string,
    state: ModerationState,
    reason: string | null,
  ): Promise<ActedOn | undefined> {
    const { table, owner } = LISTING_TABLES[type];
    const result = await sql<ActedOn>`
      WITH changed AS (
        UPDATE ${sql.table(table)} SET moderation = ${state}, moderation_reason = ${reason}
        WHERE id = ${id}
        RETURNING ${sql.ref(TITLE_COLUMN[type])} AS title, ${sql.ref(owner)} AS owner_id
      )
      SELECT changed.title, u.email AS owner_email, u.first_name AS owner_first_name
      FROM changed JOIN users u ON u.id = changed.owner_id`.execute(trx);
    return result.rows[0];
  }

  return {
    /**
     * The open report-ring flags (ADR 0028), most recently seen first, at most `limit`, each with
     * its members (id, name, e-mail, account creation time).
     */
    async openRings(limit: number): Promise<RingRow[]> {
      const result = await sql<RingRow>`
        SELECT g.id, g.shared_targets, g.first_seen_at, g.last_seen_at,
          coalesce(json_agg(json_build_object(
            'id', u.id, 'name', u.first_name || ' ' || u.last_name, 'email', u.email,
            'createdAt', u.created_at) ORDER BY u.email) FILTER (WHERE u.id IS NOT NULL), '[]') AS members
        FROM report_rings g
        LEFT JOIN users u ON u.id = ANY (g.members)
        WHERE g.status = 'open'
        GROUP BY g.id
        ORDER BY g.last_seen_at DESC, g.id
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /**
     * Closes an open ring flag (a moderator found it is not a ring; its members' reports count
     * again) with its audit row ('dismiss_ring'), in one transaction.
     * @returns false when no open flag has this id
     */
    async dismissRing(ringId: string, actorId: string, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const closed = await trx
          .updateTable('report_rings')
          .set({ status: 'dismissed', closed_at: now, closed_by: actorId })
          .where('id', '=', ringId)
          .where('status', '=', 'open')
          .returning('id')
          .executeTakeFirst();
        if (!closed) return false;
        await audit(
          trx,
          { actorId, action: 'dismiss_ring', type: 'report_ring', id: ringId, reason: 'Not a report ring' },
          now,
        );
        return true;
      });
    },

    /**
     * One page of targets with reports of `status`, most recently reported first.
     * @returns the groups and the total number of groups
     */
    async reportGroups(
      status: 'open' | 'closed',
      offset: number,
      limit: number,
    ): Promise<{ groups: ReportGroupRow[]; total: number }> {
      const [groups, total] = await Promise.all([
        db
          .selectFrom('reports')
          .select([
            'target_type',
            'target_id',
            sql<string>`count(*)`.as('count'),
            sql<Date>`max(created_at)`.as('last_reported_at'),
          ])
          .where('status', '=', status)
          .groupBy(['target_type', 'target_id'])
          .orderBy('last_reported_at', 'desc')
          .orderBy('target_id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom((qb) =>
            qb
              .selectFrom('reports')
              .select(['target_type', 'target_id'])
              .where('status', '=', status)
              .groupBy(['target_type', 'target_id'])
              .as('g'),
          )
          .select(sql<string>`count(*)`.as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        groups: groups.map((g) => ({ ...g, count: Number(g.count) })),
        total: Number(total.count),
      };
    },

    /** The reports of `status` on the given targets, newest first, with their reporters. */
    async reportsOf(
      status: 'open' | 'closed',
      targets: { type: ReportTargetType; id: string }[],
    ): Promise<GroupReportRow[]> {
      if (targets.length === 0) return [];
      return db
        .selectFrom('reports as r')
        .innerJoin('users as u', 'u.id', 'r.reporter_id')
        .select([
          'r.id',
          'r.target_type',
          'r.target_id',
          'r.reason',
          'r.details',
          'r.status',
          'r.resolution',
          'r.created_at',
          'u.id as reporter_id',
          'u.first_name as reporter_first_name',
          'u.last_name as reporter_last_name',
          'u.email as reporter_email',
        ])
        .where('r.status', '=', status)
        .where((eb) =>
          eb.or(targets.map((t) => eb.and([eb('r.target_type', '=', t.type), eb('r.target_id', '=', t.id)]))),
        )
        .orderBy('r.created_at', 'desc')
        .execute();
    },

    /** Title, owner and state of each target of `type` among `ids` (missing ones are absent). */
    async targets(type: ReportTargetType, ids: string[]): Promise<TargetRow[]> {
      if (ids.length === 0) return [];
      if (type === 'user') {
        const rows = await db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email', 'suspended_at'])
          .where('id', 'in', ids)
          .execute();
        return rows.map((u) => ({
          id: u.id,
          title: `${u.first_name} ${u.last_name}`,
          owner_id: u.id,
          owner_name: `${u.first_name} ${u.last_name}`,
          owner_email: u.email,
          moderation: 'visible',
          moderation_reason: null,
          owner_suspended: u.suspended_at !== null,
        }));
      }
      const { table, owner } = LISTING_TABLES[type];
      const result = await sql<TargetRow>`
        SELECT t.id, t.${sql.ref(TITLE_COLUMN[type])} AS title, u.id AS owner_id,
          u.first_name || ' ' || u.last_name AS owner_name, u.email AS owner_email,
          t.moderation, t.moderation_reason, (u.suspended_at IS NOT NULL) AS owner_suspended
        FROM ${sql.table(table)} t JOIN users u ON u.id = t.${sql.ref(owner)}
        WHERE t.id IN (${sql.join(ids)})`.execute(db);
      return result.rows;
    },

    /**
     * Closes an open report (resolution 'dismissed') with its audit row; a held listing whose
     * open reports weigh less than `rule.threshold` then ({@link holdWeight}) becomes visible
     * again (audit 'release').
     * @returns the report's target, or undefined when no open report has this id
     */
    async dismiss(
      reportId: string,
      actorId: string,
      rule: HoldRule,
      now: Date,
    ): Promise<{ type: ReportTargetType; id: string; released: boolean } | undefined> {
      return db.transaction().execute(async (trx) => {
        const report = await trx
          .updateTable('reports')
          .set({ status: 'closed', resolution: 'dismissed', closed_at: now, closed_by: actorId })
          .where('id', '=', reportId)
          .where('status', '=', 'open')
          .returning(['target_type', 'target_id', 'reason'])
          .executeTakeFirst();
        if (!report) return undefined;
        const type = report.target_type;
        await audit(
          trx,
          {
            actorId,
            action: 'dismiss',
            type,
            id: report.target_id,
            reason: `Report "${report.reason}" dismissed`,
          },
          now,
        );
        let released = false;
        if (type !== 'user') {
          const weight = await holdWeight(trx, type, report.target_id, rule, now);
          if (weight < rule.threshold) {
            const { table } = LISTING_TABLES[type];
            const result = await sql`
              UPDATE ${sql.table(table)} SET moderation = 'visible'
              WHERE id = ${report.target_id} AND moderation = 'held'`.execute(trx);
            released = (result.numAffectedRows ?? 0n) > 0n;
            if (released) {
              await audit(
                trx,
                {
                  actorId,
                  action: 'release',
                  type,
                  id: report.target_id,
                  reason: `Open reports weigh ${weight}, below ${rule.threshold}`,
                },
                now,
              );
            }
          }
        }
        return { type, id: report.target_id, released };
      });
    },

    /**
     * Hides a listing with the reason its owner sees, closes its open reports (resolution
     * 'hidden'), writes the audit row — one transaction.
     * @returns title and owner, or undefined when the listing does not exist
     */
    hide(type: ListingTargetType, id: string, reason: string, actorId: string, now: Date) {
      return db.transaction().execute(async (trx) => {
        const acted = await setModeration(trx, type, id, 'hidden', reason);
        if (!acted) return undefined;
        await closeOpenReports(trx, type, id, 'hidden', actorId, now);
        await audit(trx, { actorId, action: 'hide', type, id, reason }, now);
        return acted;
      });
    },

    /**
     * Makes a held or hidden listing public again, closes its open reports (resolution
     * 'restored'), writes the audit row — one transaction.
     * @returns title and owner, or undefined when the listing does not exist
     */
    restore(type: ListingTargetType, id: string, reason: string | null, actorId: string, now: Date) {
      return db.transaction().execute(async (trx) => {
        const acted = await setModeration(trx, type, id, 'visible', null);
        if (!acted) return undefined;
        await closeOpenReports(trx, type, id, 'restored', actorId, now);
        await audit(trx, { actorId, action: 'restore', type, id, reason }, now);
        return acted;
      });
    },

    /**
     * Suspends a user: `suspended_at`/`suspended_reason`, `session_generation` bumped (every token
     * issued before stays refused after an unsuspend, ADR 0011's mechanism, ADR 0031), every
     * listing of theirs flagged `owner_suspended` (hidden from the public), open reports on the
     * user closed, audit row — one transaction.
     * @returns the user's name and e-mail, or undefined when no such user
     */
    suspend(userId: string, reason: string, actorId: string, now: Date): Promise<ActedOn | undefined> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .updateTable('users')
          .set((eb) => ({
            suspended_at: now,
            suspended_reason: reason,
            session_generation: eb('session_generation', '+', 1),
          }))
          .where('id', '=', userId)
          .returning(['email', 'first_name', 'last_name'])
          .executeTakeFirst();
        if (!user) return undefined;
        await setOwnerSuspended(trx, userId, true);
        await closeOpenReports(trx, 'user', userId, 'suspended', actorId, now);
        await audit(trx, { actorId, action: 'suspend', type: 'user', id: userId, reason }, now);
        return {
          title: `${user.first_name} ${user.last_name}`,
          owner_email: user.email,
          owner_first_name: user.first_name,
        };
      });
    },

    /**
     * Lifts a suspension: the account works again and its listings are public again (unless held
     * or hidden themselves); audit row — one transaction.
     * @returns the user, or undefined when no such user
     */
    unsuspend(
      userId: string,
      reason: string | null,
      actorId: string,
      now: Date,
    ): Promise<ActedOn | undefined> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .updateTable('users')
          .set({ suspended_at: null, suspended_reason: null })
          .where('id', '=', userId)
          .returning(['email', 'first_name', 'last_name'])
          .executeTakeFirst();
        if (!user) return undefined;
        await setOwnerSuspended(trx, userId, false);
        await audit(trx, { actorId, action: 'unsuspend', type: 'user', id: userId, reason }, now);
        return {
          title: `${user.first_name} ${user.last_name}`,
          owner_email: user.email,
          owner_first_name: user.first_name,
        };
      });
    },

    /** A page of the audit log, newest first, with each actor; and the total number of rows. */
    async auditPage(offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('audit_log as a')
          .leftJoin('users as u', 'u.id', 'a.actor_id')
          .select([
            'a.id',
            'a.action',
            'a.target_type',
            'a.target_id',
            'a.reason',
            'a.created_at',
            'a.actor_id',
            'u.first_name as actor_first_name',
            'u.last_name as actor_last_name',
            'u.email as actor_email',
          ])
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db.selectFrom('audit_log').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /**
     * ADMIN_EMAILS at start (docs/product.md §19.4): verified accounts with these e-mails
     * (lower-case) become admins.
     * @returns how many accounts changed
     */
    async grantAdmins(emails: readonly string[]): Promise<number> {
      if (emails.length === 0) return 0;
      const result = await db
        .updateTable('users')
        .set({ role: 'admin' })
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', [...emails]))
        .where('email_verified_at', 'is not', null)
        .where('role', '<>', 'admin')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Sets the role of the account with `email` (case-insensitive) — `npm run admin`.
     * @returns false when no account has this e-mail
     */
    async setRoleByEmail(email: string, role: 'user' | 'admin'): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ role })
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

/** Flags (or unflags) every product, service and shop of `userId` as owned by a suspended user. */
async function setOwnerSuspended(trx: Trx, userId: string, suspended: boolean): Promise<void> {
  await trx
    .updateTable('products')
    .set({ owner_suspended: suspended })
    .where('seller_id', '=', userId)
    .execute();
  await trx
    .updateTable('services')
    .set({ owner_suspended: suspended })
    .where('provider_id', '=', userId)
    .execute();
  await trx.updateTable('shops').set({ owner_suspended: suspended }).where('owner_id', '=', userId).execute();
}
