/**
 * Migration 0008: the durable mail outbox (ADR 0016).
 *
 * A mail is a row written in the same transaction as what it announces (the account and its
 * verification token, a reset token). A row either holds the rendered mail (`subject`, `text_body`,
 * `html_body`, and the action `link`
 * for the development log), or only a request (`kind` + `recipient`, bodies null) that the sender turns into a
 * mail when it handles it (forgot-password and resend: the request path is the same whether or not
 * the address has an account). The sender claims due rows (`next_attempt_at <= now`) with
 * `FOR UPDATE SKIP LOCKED`, so several API processes never send one row twice at the same time.
 *
 * `status`: pending (to send, maybe after a failed attempt), sent (bodies and link wiped: they
 * hold live links), dropped (a request with nothing to send), dead (gave up after the last attempt).
 * Written for PostgreSQL 15 (see 0001).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      recipient text NOT NULL,
      subject text,
      text_body text,
      html_body text,
      link text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dropped', 'dead')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`
    CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX mail_outbox_created_at_idx ON mail_outbox (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mail_outbox`.execute(db);
}
