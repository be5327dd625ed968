/**
 * SQL of the reports resource (ADR 0013, ADR 0028): who owns a target, the idempotent insert of a
 * report, the weight of a target's open reports towards an automatic hold, the hold itself and the
 * flag of a report ring — all of a report in one transaction, with the hold's audit row.
 */
import { type Kysely, sql } from 'kysely';
import type { Database, ReportReason, ReportRow, ReportTargetType } from '../db/schema.ts';

/** The tables of the listing target types and their owner columns. */
export const LISTING_TABLES = {
  product: { table: 'products', owner: 'seller_id' },
  service: { table: 'services', owner: 'provider_id' },
  shop: { table: 'shops', owner: 'owner_id' },
} as const;

/** A listing target type (the ones that can be held or hidden). */
export type ListingTargetType = keyof typeof LISTING_TABLES;

/** True for 'product', 'service' and 'shop'. */
export const isListingType = (type: ReportTargetType): type is ListingTargetType => type !== 'user';

/** A new report as the service checked it. */
export interface NewReport {
  reporterId: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  details: string | null;
  /** Keyed hash of the reporter's network ({@link networkOf} in the service), or null. */
  reporterNetwork: string | null;
}

/** The rule that turns open reports into an automatic hold (ADR 0028). */
export interface HoldRule {
  /** Weight of counted reports that holds a listing. */
  threshold: number;
  /** A reporter's account must be at least this old to count (ms). */
  minAccountAgeMs: number;
  /** Weight of a reporter who has had a report upheld (a moderator hid its target); others weigh 1. */
  upheldWeight: number;
  /** Targets two reporters must share within {@link ringWindowMs} to be flagged as a ring. */
  ringSharedTargets: number;
  /** The window of the ring check (ms). */
  ringWindowMs: number;
}

/** Any SQL executor: the database or a transaction. */
type Executor = Kysely<Database>;

/**
 * The weight of a listing's open reports towards an automatic hold (ADR 0028). A report counts
 * when its reporter is verified, not suspended, has an account at least `minAccountAgeMs` old at
 * `now`, has never had a report dismissed, is not a member of an open ring flag, and has no closed
 * report on this target (reporters a moderator already heard do not count again, so a restored
 * listing is re-held only by new reporters). It weighs `upheldWeight` when one of the reporter's
 * reports was upheld (resolution 'hidden'), else 1; reports from one network count once (the
 * heaviest).
 */
export async function holdWeight(
  db: Executor,
  type: ListingTargetType,
  id: string,
  rule: HoldRule,
  now: Date,
): Promise<number> {
  const bornBefore = new Date(now.getTime() - rule.minAccountAgeMs);
  const result = await sql<{ weight: string }>`
    SELECT coalesce(sum(weight), 0) AS weight FROM (
      SELECT max(CASE WHEN EXISTS (
               SELECT 1 FROM reports h WHERE h.reporter_id = r.reporter_id AND h.resolution = 'hidden'
             ) THEN ${rule.upheldWeight}::numeric ELSE 1 END) AS weight
      FROM reports r JOIN users u ON u.id = r.reporter_id
      WHERE r.target_type = ${type} AND r.target_id = ${id} AND r.status = 'open'
        AND u.email_verified_at IS NOT NULL
        AND u.suspended_at IS NULL
        AND u.created_at <= ${bornBefore}
        AND NOT EXISTS (
          SELECT 1 FROM reports d WHERE d.reporter_id = r.reporter_id AND d.resolution = 'dismissed')
        AND NOT EXISTS (
          SELECT 1 FROM reports c WHERE c.reporter_id = r.reporter_id AND c.target_type = r.target_type
            AND c.target_id = r.target_id AND c.status = 'closed')
        AND NOT EXISTS (
          SELECT 1 FROM report_rings g WHERE g.status = 'open' AND g.members @> ARRAY[r.reporter_id])
      GROUP BY coalesce(r.reporter_network, r.reporter_id::text)
    ) AS counted`.execute(db);
  return Number(result.rows[0]?.weight ?? 0);
}

/**
 * Flags a report ring (ADR 0028): the reporters who, within `ringWindowMs` before `now`, reported
 * at least `ringSharedTargets` of the same targets as `reporterId`. The group (with `reporterId`,
 * sorted) is stored once in `report_rings` and refreshed when seen again. When the flag is new,
 * every listing the group reported in the window that is held and whose reports no longer weigh
 * the threshold without the group becomes visible again (audit 'release', no actor).
 * @returns the kinds of listing released (their cached public answers must go)
 */
async function flagRing(
  db: Executor,
  reporterId: string,
  rule: HoldRule,
  now: Date,
): Promise<ListingTargetType[]> {
  const since = new Date(now.getTime() - rule.ringWindowMs);
  const partners = await sql<{ reporter_id: string; shared: string }>`
    SELECT o.reporter_id, count(DISTINCT (o.target_type, o.target_id)) AS shared
    FROM reports m
    JOIN reports o ON o.target_type = m.target_type AND o.target_id = m.target_id
      AND o.reporter_id <> m.reporter_id AND o.created_at > ${since}
    WHERE m.reporter_id = ${reporterId} AND m.created_at > ${since}
    GROUP BY o.reporter_id
    HAVING count(DISTINCT (o.target_type, o.target_id)) >= ${rule.ringSharedTargets}`.execute(db);
  if (partners.rows.length === 0) return [];
  const members = [reporterId, ...partners.rows.map((row) => row.reporter_id)].sort();
  const shared = Math.min(...partners.rows.map((row) => Number(row.shared)));
  const flagged = await sql<{ created: boolean }>`
    INSERT INTO report_rings (members, shared_targets, first_seen_at, last_seen_at)
    VALUES (${sql.val(members)}::uuid[], ${shared}, ${now}, ${now})
    ON CONFLICT (members) DO UPDATE
      SET shared_targets = excluded.shared_targets, last_seen_at = excluded.last_seen_at
    RETURNING (xmax = 0) AS created`.execute(db);
  if (!flagged.rows[0]?.created) return [];
  const targets = await sql<{ target_type: ListingTargetType; target_id: string }>`
    SELECT DISTINCT target_type, target_id FROM reports
    WHERE reporter_id = ANY (${sql.val(members)}::uuid[]) AND created_at > ${since}
      AND target_type <> 'user'`.execute(db);
  const released = new Set<ListingTargetType>();
  for (const target of targets.rows) {
    if ((await holdWeight(db, target.target_type, target.target_id, rule, now)) >= rule.threshold) continue;
    const { table } = LISTING_TABLES[target.target_type];
    const updated = await sql`
      UPDATE ${sql.table(table)} SET moderation = 'visible'
      WHERE id = ${target.target_id} AND moderation = 'held'`.execute(db);
    if ((updated.numAffectedRows ?? 0n) === 0n) continue;
    released.add(target.target_type);
    await db
      .insertInto('audit_log')
      .values({
        actor_id: null,
        action: 'release',
        target_type: target.target_type,
        target_id: target.target_id,
        reason: 'Its reports came from a flagged report ring',
        created_at: now,
      })
      .execute();
  }
  return [...released];
}

/** What `create` did. */
export interface CreateReportResult {
  report: ReportRow;
  /** false: the reporter already had an open report on this target (the same one is returned). */
  created: boolean;
  /** true: this report put the listing on hold (it became hidden from the public). */
  held: boolean;
  /** Kinds of listing whose public visibility this report changed (a hold, or a ring's releases). */
  changed: ListingTargetType[];
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;

/** Builds the reports repository over `db`. */
export function reportsRepository(db: Kysely<Database>) {
  return {
    /**
     * The owner's user id of a target (the user's own id for a user), or undefined when no such
     * product / service / shop / user exists.
     */
    async ownerOf(type: ReportTargetType, id: string): Promise<string | undefined> {
      if (type === 'user') {
        const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
        return row?.id;
      }
      const { table, owner } = LISTING_TABLES[type];
      const row = await sql<{ owner_id: string }>`
        SELECT ${sql.ref(owner)} AS owner_id FROM ${sql.table(table)} WHERE id = ${id}`.execute(db);
      return row.rows[0]?.owner_id;
    },

    /**
     * Stores a report unless the reporter has an open one on the target (then returns that one),
     * flags the reporter's ring when there is one, and, for a listing still visible, holds it when
     * its open reports weigh at least `rule.threshold` ({@link holdWeight}; moderation 'held' + an
     * audit row with no actor), all in one transaction.
     */
    async create(report: NewReport, rule: HoldRule, now: Date): Promise<CreateReportResult> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('reports')
          .values({
            reporter_id: report.reporterId,
            target_type: report.targetType,
            target_id: report.targetId,
            reason: report.reason,
            details: report.details,
            reporter_network: report.reporterNetwork,
            created_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['reporter_id', 'target_type', 'target_id']).where('status', '=', 'open').doNothing(),
          )
          .returningAll()
          .executeTakeFirst();
        if (!inserted) {
          const existing = await trx
            .selectFrom('reports')
            .selectAll()
            .where('reporter_id', '=', report.reporterId)
            .where('target_type', '=', report.targetType)
            .where('target_id', '=', report.targetId)
            .where('status', '=', 'open')
            .executeTakeFirstOrThrow();
          return { report: existing, created: false, held: false, changed: [] };
        }
        const changed = new Set(await flagRing(trx, report.reporterId, rule, now));
        let held = false;
        if (isListingType(report.targetType)) {
          const weight = await holdWeight(trx, report.targetType, report.targetId, rule, now);
          if (weight >= rule.threshold) {
            const { table } = LISTING_TABLES[report.targetType];
            const updated = await sql`
              UPDATE ${sql.table(table)} SET moderation = 'held'
              WHERE id = ${report.targetId} AND moderation = 'visible'`.execute(trx);
            held = (updated.numAffectedRows ?? 0n) > 0n;
            if (held) {
              await trx
                .insertInto('audit_log')
                .values({
                  actor_id: null,
                  action: 'hold',
                  target_type: report.targetType,
                  target_id: report.targetId,
                  reason: `Reports of weight ${weight} (threshold ${rule.threshold})`,
                  created_at: now,
                })
                .execute();
            }
          }
        }
        if (held && isListingType(report.targetType)) changed.add(report.targetType);
        return { report: inserted, created: true, held, changed: [...changed] };
      });
    },
  };
}
