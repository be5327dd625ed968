/**
 * SQL on the job library's tables (migration 0024; ADR 0035 "Job library") that pg-boss's own API
 * does not offer.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { JOBS_SCHEMA } from './jobs.ts';

export type JobsRepository = ReturnType<typeof jobsRepository>;

/** Builds the repository over `db`. */
export function jobsRepository(db: Kysely<Database>) {
  return {
    /**
     * Makes the waiting jobs (created, or failed and waiting for a retry) of `queues` whose
     * `data.due` (an ISO time by the app's clock) is at or before `until` startable now, however
     * far pg-boss's own `start_after` is. What a drain with an injected clock runs (tests,
     * scripts); with the real clock it only skips a retry's remaining backoff.
     * @returns how many jobs were moved
     */
    async startDue(queues: string[], until: Date): Promise<number> {
      const result = await sql`
        UPDATE ${sql.table(`${JOBS_SCHEMA}.job`)} SET start_after = now() - interval '1 second'
        WHERE name = ANY(${queues}::text[]) AND state IN ('created', 'retry')
          AND start_after >= now() AND (data->>'due')::timestamptz <= ${until}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
