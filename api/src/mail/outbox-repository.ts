/**
 * SQL of the durable mail outbox (`mail_outbox`, migration 0008; ADR 0016). The writes
 * that queue a mail take the caller's transaction (`trx`), so a mail is committed together with
 * the rows it announces; the sender's reads and updates use the app's database.
 * Times are passed in by the caller (the API's clock).
 */
import { type Kysely, sql } from 'kysely';
import type { Database, MailOutboxRow } from '../db/schema.ts';

export type OutboxRepository = ReturnType<typeof outboxRepository>;

/** A rendered mail to queue. */
export interface QueuedMail {
  /** Short tag, e.g. 'verify-email' (logs, `.eml` file names). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link (logged in outbox mode only). */
  link?: string;
  /** Extra headers, e.g. List-Unsubscribe (docs/product.md §30). */
  headers?: Record<string, string>;
}

/** Counts of the queue, for `outbox.stats()`. */
export interface OutboxCounts {
  /** Rows still to send (including ones waiting for a retry). */
  pending: number;
  /** Pending rows that failed at least once. */
  retrying: number;
  /** Rows given up on. */
  dead: number;
  /** created_at of the oldest pending row, or null. */
  oldestPendingAt: Date | null;
}

/**
 * Inserts a rendered mail, due now, inside `trx` (the caller's transaction).
 */
export async function insertQueuedMail(trx: Kysely<Database>, mail: QueuedMail, now: Date): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      link: mail.link ?? null,
      headers: mail.headers ?? null,
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

/**
 * Inserts a mail request (no bodies: the sender's preparer for `kind` renders it, or drops it),
 * due at `dueAt` (default `now`), inside `trx`.
 */
export async function insertMailRequest(
  trx: Kysely<Database>,
  kind: string,
  recipient: string,
  now: Date,
  dueAt: Date = now,
): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({ kind, recipient, next_attempt_at: dueAt, created_at: now })
    .execute();
}

/** Builds the repository over `db`. */
export function outboxRepository(db: Kysely<Database>) {
  return {
    /**
     * Claims up to `limit` due pending rows (oldest due first) by moving their `next_attempt_at`
     * to `leaseUntil`, skipping rows another process holds locked. A claimed row whose sender
     * dies is claimed again after the lease.
     */
    claimDue(now: Date, leaseUntil: Date, limit: number): Promise<MailOutboxRow[]> {
      return db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: leaseUntil })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', now)
            .orderBy('next_attempt_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute();
    },

    /** Stores the rendered content of a request row (inside the preparer's `trx`). */
    async render(trx: Kysely<Database>, id: string, mail: QueuedMail): Promise<void> {
      await trx
        .updateTable('mail_outbox')
        .set({
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          link: mail.link ?? null,
          headers: mail.headers ?? null,
        })
        .where('id', '=', id)
        .execute();
    },

    /** A request that has nothing to send (e.g. no account for the address). */
    async drop(trx: Kysely<Database>, id: string, now: Date): Promise<void> {
      await trx
        .updateTable('mail_outbox')
        .set({ status: 'dropped', sent_at: now, recipient: '' })
        .where('id', '=', id)
        .execute();
    },

    /** Marks a row sent and wipes its bodies and link (they hold live links). */
    async markSent(id: string, attempts: number, now: Date): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          status: 'sent',
          attempts,
          sent_at: now,
          subject: null,
          text_body: null,
          html_body: null,
          link: null,
          headers: null,
          last_error: null,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Records a failed attempt: retry at `retryAt`, or `dead` when `retryAt` is null. */
    async markFailed(id: string, attempts: number, error: string, retryAt: Date | null): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: error.slice(0, 1000),
          ...(retryAt
            ? { next_attempt_at: retryAt }
            : { status: 'dead', text_body: null, html_body: null, link: null }),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Queue counts (one aggregate query over the partial index). */
    async counts(): Promise<OutboxCounts> {
      const row = await db
        .selectFrom('mail_outbox')
        .select([
          sql<string>`count(*) FILTER (WHERE status = 'pending')`.as('pending'),
          sql<string>`count(*) FILTER (WHERE status = 'pending' AND attempts > 0)`.as('retrying'),
          sql<string>`count(*) FILTER (WHERE status = 'dead')`.as('dead'),
          sql<Date | null>`min(created_at) FILTER (WHERE status = 'pending')`.as('oldest'),
        ])
        .executeTakeFirstOrThrow();
      return {
        pending: Number(row.pending),
        retrying: Number(row.retrying),
        dead: Number(row.dead),
        oldestPendingAt: row.oldest ? new Date(row.oldest) : null,
      };
    },

    /** Deletes finished rows (sent, dropped, dead) created before `before`; returns how many. */
    async sweep(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('mail_outbox')
        .where('status', '<>', 'pending')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
