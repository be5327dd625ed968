/**
 * The durable mail outbox's sender (ADR 0016). The `mail_outbox` table is the
 * queue (rows written by the account flows in the same transaction as their tokens); the transport
 * is the app's `Mailer` (SMTP when SMTP_URL is set, else `.eml` files in DATA_DIR/outbox).
 *
 * - A pass claims due rows and sends them one after another; a request row (no bodies) is first
 *   turned into a mail by the preparer registered for its kind, in a transaction that also stores
 *   the rendered mail (so a retry sends the same links) — or dropped when there is nothing to send.
 * - A failed attempt is retried with exponential backoff: `retryBaseMs * 2^(attempts-1)`, capped at
 *   `retryMaxMs`, with up to 20 % random jitter; after `maxAttempts` the row is `dead` (logged as
 *   an error). Defaults: 5 s doubling to 15 min, 20 attempts (about 3.5 hours in all).
 * - Passes run on `start()` (what was pending before a restart), after `kick()` (a new row), and
 *   every `pollMs` (retries that came due). `stop()` ends the timer and waits for the pass in
 *   flight (the app calls it on close, before the mailer closes).
 * - Every attempt is logged (`module: 'outbox'`); `stats()` gives the depth and the failure counts
 *   for metrics.
 */

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { CoalescedRunner } from '../common/coalesced-runner.ts';
import type { Database, MailOutboxRow } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';
import { type OutboxCounts, outboxRepository, type QueuedMail } from './outbox-repository.ts';

/** Turns a request row into a mail inside `trx`, or null when there is nothing to send. */
export type MailPreparer = (
  trx: Kysely<Database>,
  recipient: string,
  now: Date,
) => Promise<QueuedMail | null>;

export interface OutboxOptions {
  /** First retry delay, ms (default 5 000). */
  retryBaseMs?: number;
  /** Longest retry delay, ms (default 15 min). */
  retryMaxMs?: number;
  /** Attempts before a row is given up (default 20). */
  maxAttempts?: number;
  /** How often to look for rows that came due, ms (default 5 000). */
  pollMs?: number;
  /** How long a claimed row is held before another pass may take it, ms (default 2 min). */
  leaseMs?: number;
  /** Finished rows older than this are deleted at start and daily, ms (default 7 days). */
  keepFinishedMs?: number;
  /** Clock (tests may inject one). */
  now?: () => Date;
}

/** What `stats()` reports: the queue (from the table) and this process's counters since start. */
export interface OutboxStats extends OutboxCounts {
  /** Mails delivered by this process since start. */
  sent: number;
  /** Failed delivery attempts in this process since start. */
  failures: number;
  /** Rows this process gave up on since start. */
  deadSinceStart: number;
  /** The last delivery error seen, or null. */
  lastError: string | null;
}

export interface Outbox {
  /** Registers how to render request rows of `kind`. */
  registerPreparer(kind: string, prepare: MailPreparer): void;
  /** Asks for a pass soon (call after committing a new row). */
  kick(): void;
  /** Starts the sender: a pass now, then every `pollMs`. */
  start(): void;
  /** Stops the timer and waits for the pass in flight. */
  stop(): Promise<void>;
  /** Runs one pass now (tests, scripts); resolves when no due row is left. */
  drain(): Promise<void>;
  /** Queue depth and failure counters (for logs and metrics). */
  stats(): Promise<OutboxStats>;
}

export interface OutboxDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const DAY_MS = 24 * 3600 * 1000;
const BATCH = 10;

/** The delay before retry number `attempts` (1-based), ms, without jitter. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Builds the sender (not started). */
export function createOutbox({ db, mailer, log }: OutboxDeps, options: OutboxOptions = {}): Outbox {
  const repository = outboxRepository(db);
  const now = options.now ?? (() => new Date());
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const retryMaxMs = options.retryMaxMs ?? 15 * 60_000;
  const maxAttempts = options.maxAttempts ?? 20;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const keepFinishedMs = options.keepFinishedMs ?? 7 * DAY_MS;
  const preparers = new Map<string, MailPreparer>();
  const counters = { sent: 0, failures: 0, deadSinceStart: 0, lastError: null as string | null };

  let stopped = true;
  let pollTimer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | null = null;

  /** The mail of `row`, rendering a request first; null when the request was dropped. */
  async function contentOf(row: MailOutboxRow): Promise<QueuedMail | null> {
    if (row.subject !== null && row.text_body !== null && row.html_body !== null) {
      return {
        kind: row.kind,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...(row.link ? { link: row.link } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
      };
    }
    const prepare = preparers.get(row.kind);
    if (!prepare) throw new Error(`no preparer for mail kind ${row.kind}`);
    return db.transaction().execute(async (trx) => {
      const at = now();
      const mail = await prepare(trx, row.recipient, at);
      if (mail) await repository.render(trx, row.id, mail);
      else await repository.drop(trx, row.id, at);
      return mail;
    });
  }

  async function deliver(row: MailOutboxRow): Promise<void> {
    const attempts = row.attempts + 1;
    let error: string;
    try {
      const mail = await contentOf(row);
      if (!mail) {
        log.info({ id: row.id, kind: row.kind }, 'mail request dropped: nothing to send');
        return;
      }
      const result = await mailer.send(mail);
      if (result.ok) {
        await repository.markSent(row.id, attempts, now());
        counters.sent += 1;
        log.info({ id: row.id, kind: row.kind, attempts }, 'outbox mail delivered');
        return;
      }
      error = result.error.message;
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    counters.failures += 1;
    counters.lastError = error;
    if (attempts >= maxAttempts) {
      counters.deadSinceStart += 1;
      await repository.markFailed(row.id, attempts, error, null);
      log.error(
        { id: row.id, kind: row.kind, attempts, error },
        'outbox mail given up after the last attempt',
      );
      return;
    }
    const delay = retryDelayMs(attempts, retryBaseMs, retryMaxMs) * (1 + Math.random() * 0.2);
    const retryAt = new Date(now().getTime() + Math.round(delay));
    await repository.markFailed(row.id, attempts, error, retryAt);
    log.warn(
      { id: row.id, kind: row.kind, attempts, retryAt: retryAt.toISOString(), error },
      'outbox mail not delivered; will retry',
    );
  }

  async function pass(): Promise<void> {
    for (;;) {
      const at = now();
      const rows = await repository.claimDue(at, new Date(at.getTime() + leaseMs), BATCH);
      for (const row of rows) await deliver(row);
      if (rows.length < BATCH || stopped) return;
    }
  }

  const runner = new CoalescedRunner(
    pass,
    (error) => log.error({ err: error }, 'outbox pass failed'),
    () => stopped,
  );
  /** Runs passes until no kick arrived during the last one; errors are logged. */
  const run = (): Promise<void> => runner.run();

  async function sweep(): Promise<void> {
    try {
      const deleted = await repository.sweep(new Date(now().getTime() - keepFinishedMs));
      if (deleted > 0) log.info({ deleted }, 'outbox: finished rows swept');
    } catch (error) {
      log.error({ err: error }, 'outbox sweep failed');
    }
  }

  return {
    registerPreparer(kind, prepare) {
      preparers.set(kind, prepare);
    },
    kick() {
      if (!stopped) void run();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      sweeping = sweep();
      void run();
      pollTimer = setInterval(() => void run(), pollMs);
      pollTimer.unref();
      sweepTimer = setInterval(() => {
        sweeping = sweep();
      }, DAY_MS);
      sweepTimer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(pollTimer);
      clearInterval(sweepTimer);
      await Promise.all([runner.current, sweeping]);
    },
    async drain() {
      const wasStopped = stopped;
      stopped = false;
      try {
        await run();
      } finally {
        stopped = wasStopped;
      }
    },
    async stats() {
      return { ...(await repository.counts()), ...counters };
    },
  };
}
