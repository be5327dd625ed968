/**
 * Migration 0002: one-time tokens of the account flows (ARCHITECTURE "Security baseline").
 *
 * `auth_tokens` holds e-mail verification links (24 h) and password reset links (1 h). Only the
 * SHA-256 of a token is stored (hex, unique), never the token itself; a token is single use
 * (`used_at`) and issuing a new one of the same purpose marks the older ones `superseded_at`.
 * Written for PostgreSQL 15 (see 0001).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auth_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      superseded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_tokens_user_purpose_idx ON auth_tokens (user_id, purpose)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS auth_tokens`.execute(db);
}
