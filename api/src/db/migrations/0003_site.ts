/**
 * Migration 0003: what the site's own pages store (docs/product.md §17; ARCHITECTURE decision "contact forms
 * and Notify Me are stored through the API"):
 * - `feedback`: the Contact Us feedback form (name, email, rating 1..5, message);
 * - `contact_messages`: the Contact Us message form (name, email, subject, message);
 * - `subscribers`: the Coming Soon 'Notify Me' e-mails, one row per address case-insensitively.
 *
 * Length limits are enforced by the API schemas (see `site/common.ts`), not here, so they can
 * change without a migration. Written for PostgreSQL 15 (see 0001).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE feedback (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      email text NOT NULL,
      rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX feedback_created_at_idx ON feedback (created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE contact_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      email text NOT NULL,
      subject text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE subscribers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX subscribers_email_lower_key ON subscribers (lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS subscribers, contact_messages, feedback`.execute(db);
}
