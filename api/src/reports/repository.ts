/**
 * SQL of the reports resource (issue 12 items 1-2): who owns a target, the idempotent insert of a
 * report, and the automatic hold of a listing reported by 3 distinct verified users — all of a
 * report in one transaction, with the hold's audit row.
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
}

/** What `create` did. */
export interface CreateReportResult {
  report: ReportRow;
  /** false: the reporter already had an open report on this target (the same one is returned). */
  created: boolean;
  /** true: this report put the listing on hold (it became hidden from the public). */
  held: boolean;
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
     * and, for a listing still visible, holds it when at least `threshold` distinct verified users
     * have open reports on it (moderation 'held' + an audit row with no actor), all in one
     * transaction.
     */
    async create(report: NewReport, threshold: number, now: Date): Promise<CreateReportResult> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('reports')
          .values({
            reporter_id: report.reporterId,
            target_type: report.targetType,
            target_id: report.targetId,
            reason: report.reason,
            details: report.details,
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
          return { report: existing, created: false, held: false };
        }
        let held = false;
        if (isListingType(report.targetType)) {
          const reporters = await trx
            .selectFrom('reports as r')
            .innerJoin('users as u', 'u.id', 'r.reporter_id')
            .select(sql<string>`count(DISTINCT r.reporter_id)`.as('count'))
            .where('r.target_type', '=', report.targetType)
            .where('r.target_id', '=', report.targetId)
            .where('r.status', '=', 'open')
            .where('u.email_verified_at', 'is not', null)
            .executeTakeFirstOrThrow();
          if (Number(reporters.count) >= threshold) {
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
                  reason: `${reporters.count} users reported it`,
                  created_at: now,
                })
                .execute();
            }
          }
        }
        return { report: inserted, created: true, held };
      });
    },
  };
}
