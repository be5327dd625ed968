/**
 * Migration 0007: server-side session control (ADR 0011).
 *
 * - `users.session_generation`: every session token carries the generation it was issued in
 *   (`gen` claim); "Log out of all devices" and a password change bump it, which ends every token
 *   of the older generations at once. Tokens issued before this migration have no `gen` and count
 *   as generation 0.
 * - `revoked_sessions`: one row per logged-out token, keyed on the token's `jti`, kept until the
 *   token would have expired anyway (`expires_at`, then swept).
 * Written for PostgreSQL 15 (see 0001).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN session_generation integer NOT NULL DEFAULT 0`.execute(db);
  await sql`
    CREATE TABLE revoked_sessions (
      jti uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX revoked_sessions_expires_at_idx ON revoked_sessions (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS revoked_sessions`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS session_generation`.execute(db);
}
