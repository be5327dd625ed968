/**
 * Migration 0024: the job library's tables (ADR 0035 "Job library"; docs/product.md §30).
 *
 * - Schema `pgboss`: pg-boss's own tables and functions (jobs, queues, schedules, archive), made
 *   from pg-boss's construction SQL (`PgBoss.getConstructionPlans`), run inside this migration's
 *   transaction (its own BEGIN/COMMIT taken off), so every database — and the migrated templates
 *   the tests copy (ADR 0042) — holds it and the app never creates it at start (`migrate: false`:
 *   pg-boss only checks the version). The pg-boss version is pinned in api/package.json: a new
 *   version whose schema differs needs a migration running `PgBoss.getMigrationPlans`.
 * - Its queues (a partition each): the saved-search alerts' three (`saved-searches/alerts.ts`)
 *   and pg-boss's cron queue, so the apps do not create partitions at start.
 * - Dropped: `listing_live_events` (the live-listing queue is now the `saved-search-match` jobs)
 *   and `scheduled_runs` (the daily digest is a pg-boss cron schedule); events still queued are
 *   moved into jobs first.
 */
import { type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';

/** The queues made here (names as in `saved-searches/alerts.ts` and pg-boss's timekeeper). */
const QUEUES = ['saved-search-match', 'saved-search-alert', 'saved-search-digest', '__pgboss__send-it'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const plan = PgBoss.getConstructionPlans('pgboss');
  const body = plan.replace(/^\s*BEGIN;/, '').replace(/COMMIT;\s*$/, '');
  if (body === plan || body.includes('BEGIN;') || body.includes('COMMIT;')) {
    throw new Error('pg-boss construction SQL is not one BEGIN ... COMMIT block');
  }
  await sql.raw(body).execute(db);
  for (const name of QUEUES) {
    await sql`SELECT pgboss.create_queue(${name}, ${JSON.stringify({ policy: 'standard' })}::json)`.execute(
      db,
    );
  }
  await sql`
    INSERT INTO pgboss.job (name, data)
    SELECT 'saved-search-match', json_build_object('kind', kind, 'id', listing_id, 'due', created_at)
    FROM listing_live_events ORDER BY id`.execute(db);
  await sql`DROP TABLE listing_live_events`.execute(db);
  await sql`DROP TABLE scheduled_runs`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE listing_live_events (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('products', 'services')),
      listing_id uuid NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE scheduled_runs (
      name text PRIMARY KEY,
      last_run_on date NOT NULL
    )`.execute(db);
  await sql`DROP SCHEMA IF EXISTS pgboss CASCADE`.execute(db);
}
