/**
 * Saved-search alerts (docs/product.md §30; ADR 0035): matching listings that go live against
 * saved searches, and the alert mails, through the durable mail outbox (ADR 0016). The scheduled
 * and retried work runs as pg-boss jobs over the app's database (`jobs/jobs.ts`; ADR 0035 "Job
 * library"); a job whose handler throws is retried by pg-boss (`JOB_RETRY`: 10 times, from 30 s
 * doubling).
 *
 * - A listing write that makes a listing live (created; a product back to available; restored
 *   by a moderator) sends a `saved-search-match` job (`listingLive`). The worker takes up to 20
 *   at a time and, in one transaction, records the matching saved searches
 *   (`saved_search_matches`; one row per saved search and listing, so never twice), never the
 *   owner's own, only while the listing is live. Candidates come from one lookup of the
 *   listing's keys in the saved searches' indexed terms (`index-terms.ts`, migration 0023) with
 *   the copied filter columns checked in the same query; then only the candidates' words are
 *   checked, one query per 200 distinct searches, expanded with the synonyms like the list.
 * - Instant alerts: the owner of a matching instant saved search gets a `saved-search-alert` job,
 *   sent in the matcher's transaction, starting `alertDelayMs` later (default 60 s: listings made
 *   in a burst go together), and never sooner than 15 minutes after their previous alert
 *   (`windowMs`, kept in `saved_search_mailers`); while one is pending, new matches join it. The
 *   job queues the mail request; when the outbox sends it, the preparer lists every match not yet
 *   mailed whose listing is still live (not hidden, suspended or sold) and marks them mailed.
 * - Daily alerts: a pg-boss schedule (`DIGEST_CRON` in `DIGEST_TZ`: 18:00 Africa/Nairobi; pg-boss
 *   sends it once however many processes run) starts a `saved-search-digest` job: each student
 *   with daily saved searches that have unmailed matches gets a digest request (dropped at send
 *   time when none is still live).
 * - Every mail has `List-Unsubscribe` (one click, RFC 8058) for the saved searches it lists and a
 *   link to manage alerts (`/app/saved-searches`).
 * - Workers look for due jobs every `pollMs` (5 s); `drain()` runs the jobs due by `now` at once
 *   (tests, scripts; the tests' workers poll hourly, so only their drains run jobs). Times come from `now` (an injected clock in tests);
 *   every job carries the time it is due by that clock (`data.due`).
 */

import { formatKes } from '@campus/shared/format';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import { type SynonymGroup, SynonymMap } from '../catalog/search.ts';
import type { Database, FavouriteKind } from '../db/schema.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { jobsRepository } from '../jobs/repository.ts';
import type { Outbox } from '../mail/outbox.ts';
import { insertMailRequest, type QueuedMail } from '../mail/outbox-repository.ts';
import { savedSearchAlertMail } from '../mail/templates.ts';
import { listingKeys, type SynonymReach, storedFilter, synonymReach } from './index-terms.ts';
import type { SavedSearchesRepository, WordsCheck } from './repository.ts';
import type { SavedSearchesService } from './service.ts';

/** The pg-boss queues of the alerts (made by migration 0024). */
export const ALERT_QUEUES = {
  match: 'saved-search-match',
  instant: 'saved-search-alert',
  daily: 'saved-search-digest',
} as const;

/** The daily digest's schedule: 18:00 every day (cron), Africa/Nairobi time. */
export const DIGEST_CRON = '0 18 * * *';
export const DIGEST_TZ = 'Africa/Nairobi';

/** Retries of a job whose handler throws: 10, from 30 s doubling (about 8.5 hours in all). */
export const JOB_RETRY = { retryLimit: 10, retryDelay: 30, retryBackoff: true } as const;

/** The outbox kinds of the alert mails. */
export const ALERT_MAIL_KINDS = { instant: 'saved-search-alert', daily: 'saved-search-digest' } as const;

/** Timings of the alerts. */
export interface AlertOptions {
  /** Delay of an instant alert after its first match, ms (default 60 000; SAVED_SEARCH_ALERT_DELAY_MS). */
  alertDelayMs?: number;
  /** Shortest time between two instant alerts of one student, ms (default 15 min). */
  windowMs?: number;
  /** How often the workers look for due jobs, ms (default 5 000; at least 500). */
  pollMs?: number;
  /** Clock (tests inject one). */
  now?: () => Date;
}

export interface AlertDeps {
  db: Kysely<Database>;
  repository: SavedSearchesRepository;
  service: SavedSearchesService;
  outbox: Outbox;
  /** The job library (pg-boss over the app's database), started before `start()`. */
  jobs: Jobs;
  /** The site's public origin, e.g. https://campussoko.co.ke (links in the mails). */
  publicUrl: string;
  log: FastifyBaseLogger;
  /**
   * The synonym map the lists expand searches with (docs/product.md §31; the catalog's cached
   * one) and its groups as stored; default none. Matching expands the saved searches with them
   * like the list does.
   */
  synonyms?: () => Promise<SynonymMap>;
  synonymGroups?: () => Promise<SynonymGroup[]>;
}

/** Most listings one alert mail lists (the rest go in the next one). */
const MAX_ITEMS_PER_MAIL = 30;
/** Live listings the matcher takes per transaction. */
const LISTINGS_PER_PASS = 20;

/** What a match job carries: the listing, and when it went live by the app's clock (ISO). */
interface MatchJob {
  kind: FavouriteKind;
  id: string;
  due: string;
}

/** What an instant-alert job carries: the student's e-mail and when the alert is due (ISO). */
interface AlertJob {
  email: string;
  due: string;
}

export type SavedSearchAlerts = ReturnType<typeof createSavedSearchAlerts>;

/** Builds the matcher and the alert mails (not started); registers the outbox preparers. */
export function createSavedSearchAlerts(deps: AlertDeps, options: AlertOptions = {}) {
  const { db, repository, outbox, jobs, log } = deps;
  const { boss } = jobs;
  const now = options.now ?? (() => new Date());
  const alertDelayMs = options.alertDelayMs ?? 60_000;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const pollMs = options.pollMs ?? 5_000;
  const site = deps.publicUrl.replace(/\/+$/, '');

  /** The synonyms of this pass: the map and its listing side, rebuilt when the map changes. */
  let synonymCache: { map: SynonymMap; reach: SynonymReach } | null = null;
  async function currentSynonyms(): Promise<{ map: SynonymMap; reach: SynonymReach }> {
    const map = deps.synonyms ? await deps.synonyms() : SynonymMap.EMPTY;
    if (synonymCache?.map !== map) {
      const groups = deps.synonymGroups && !map.empty ? await deps.synonymGroups() : [];
      synonymCache = { map, reach: synonymReach(groups, map) };
    }
    return synonymCache;
  }

  /**
   * Matches one live listing (recording matches, scheduling instant alerts); returns how many
   * matched. `words` caches each stored query's search terms within a pass; `synonyms` were
   * loaded before the transaction (PGlite has one connection: a read outside `trx` would wait
   * for it).
   */
  async function matchListing(
    trx: Kysely<Database>,
    kind: FavouriteKind,
    listingId: string,
    at: Date,
    words: Map<string, WordsCheck | null | false>,
    synonyms: { map: SynonymMap; reach: SynonymReach },
  ): Promise<number> {
    const listing = await repository.findLive(trx, kind, listingId);
    if (!listing) return 0;
    const { map, reach } = synonyms;
    const keys = listingKeys(
      {
        kind,
        category: listing.category,
        lexemes: listing.lexemes,
        trigrams: listing.trigrams,
        courseCodes: listing.course_codes,
      },
      reach,
    );
    const candidates = await repository.candidates(trx, listing, keys);
    // The filter columns already hold; a candidate with words matches when its words do. A
    // stored query that no longer passes the list's checks (false) matches nothing.
    const matched: string[] = [];
    const waiting = new Map<string, { check: WordsCheck; ids: string[] }>();
    for (const candidate of candidates) {
      const stored = `${kind}:${JSON.stringify(candidate.filters)}`;
      let check = words.get(stored);
      if (check === undefined) {
        const filter = storedFilter(kind, candidate.filters, map);
        check = filter
          ? filter.search
            ? { tsquery: filter.search.tsquery, trigram: filter.search.trigram }
            : null
          : false;
        words.set(stored, check);
      }
      if (check === false) continue;
      if (check === null) {
        matched.push(candidate.id);
        continue;
      }
      const key = `${check.tsquery}\n${check.trigram ?? ''}`;
      const entry = waiting.get(key) ?? { check, ids: [] };
      entry.ids.push(candidate.id);
      waiting.set(key, entry);
    }
    const entries = [...waiting.values()];
    const hits = await repository.wordHits(
      trx,
      listing,
      entries.map((entry) => entry.check),
    );
    entries.forEach((entry, index) => {
      if (hits[index]) matched.push(...entry.ids);
    });
    if (matched.length === 0) return 0;
    await repository.insertMatches(trx, matched, listing.id, at);
    for (const owner of await repository.instantOwners(trx, matched)) {
      const due = await repository.scheduleInstant(trx, owner.id, at, alertDelayMs, windowMs);
      if (!due) continue;
      const data: AlertJob = { email: owner.email, due: due.toISOString() };
      await boss.send(ALERT_QUEUES.instant, data, {
        ...JOB_RETRY,
        startAfter: Math.max(0, Math.ceil((due.getTime() - at.getTime()) / 1000)),
        db: jobs.inTransaction(trx),
      });
    }
    return matched.length;
  }

  /**
   * The match jobs' handler: matches their listings (each once) in one transaction; throws (and
   * pg-boss retries the jobs) when it fails.
   */
  async function matchJobs(batch: PgBoss.Job<MatchJob>[]): Promise<void> {
    const synonyms = await currentSynonyms();
    const matched = await db.transaction().execute(async (trx) => {
      const at = now();
      const seen = new Set<string>();
      const words = new Map<string, WordsCheck | null | false>();
      let total = 0;
      for (const { data } of batch) {
        const key = `${data.kind}:${data.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        total += await matchListing(trx, data.kind, data.id, at, words, synonyms);
      }
      return total;
    });
    if (matched > 0) log.info({ matched }, 'saved searches matched');
  }

  /** The instant-alert jobs' handler: a mail request per student, sent by the outbox. */
  async function alertJobs(batch: PgBoss.Job<AlertJob>[]): Promise<void> {
    const at = now();
    await db.transaction().execute(async (trx) => {
      for (const { data } of batch) await insertMailRequest(trx, ALERT_MAIL_KINDS.instant, data.email, at);
    });
    outbox.kick();
  }

  /** The daily digest job's handler: a digest request per student with something new. */
  async function digestJobs(): Promise<void> {
    const at = now();
    const recipients = await repository.dailyRecipients();
    await db.transaction().execute(async (trx) => {
      for (const recipient of recipients) {
        await insertMailRequest(trx, ALERT_MAIL_KINDS.daily, recipient.email, at);
      }
    });
    log.info({ recipients: recipients.length }, 'saved-search daily digests queued');
    outbox.kick();
  }

  /** Renders the pending alert of `alert` for the student of `email`, or null when none is live. */
  async function prepare(
    trx: Kysely<Database>,
    email: string,
    at: Date,
    alert: 'instant' | 'daily',
  ): Promise<QueuedMail | null> {
    const user = await repository.userByEmail(trx, email);
    if (!user) return null;
    const items = await repository.pendingAlertItems(trx, user.id, alert, MAX_ITEMS_PER_MAIL);
    if (items.length === 0) return null;
    await repository.markAlerted(trx, items, at);
    const searchIds = [...new Set(items.map((item) => item.saved_search_id))];
    const unsubscribe = `${site}/api/v1/saved-searches/unsubscribe?token=${deps.service.tokens.sign(user.id, searchIds)}`;
    const manage = `${site}/app/saved-searches`;
    const mail = savedSearchAlertMail({
      firstName: user.first_name,
      daily: alert === 'daily',
      unsubscribeLink: unsubscribe,
      manageLink: manage,
      items: items.map((item) => ({
        title: item.title,
        price: formatKes(item.price),
        campus: item.university,
        photo: item.cover_thumbnail ? `${site}${item.cover_thumbnail}` : null,
        link: `${site}/${item.kind}/${item.listing_id}`,
        search: item.saved_search_name,
      })),
    });
    return {
      kind: ALERT_MAIL_KINDS[alert],
      to: email,
      ...mail,
      link: `${site}/${items[0]?.kind}/${items[0]?.listing_id}`,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  outbox.registerPreparer(ALERT_MAIL_KINDS.instant, (trx, recipient, at) =>
    prepare(trx, recipient, at, 'instant'),
  );
  outbox.registerPreparer(ALERT_MAIL_KINDS.daily, (trx, recipient, at) =>
    prepare(trx, recipient, at, 'daily'),
  );

  /** The queues in the order a drain runs them, with their handlers and batch sizes. */
  const workers: {
    name: string;
    batchSize: number;
    handle: (batch: PgBoss.Job<never>[]) => Promise<void>;
  }[] = [
    { name: ALERT_QUEUES.match, batchSize: LISTINGS_PER_PASS, handle: matchJobs },
    { name: ALERT_QUEUES.instant, batchSize: 20, handle: alertJobs },
    { name: ALERT_QUEUES.daily, batchSize: 1, handle: digestJobs },
  ];
  const queueNames = workers.map((worker) => worker.name);
  const jobsSql = jobsRepository(db);
  /** The running workers' ids (pg-boss `work`), by queue. */
  const workerIds = new Map<string, string>();
  /** The workers' handlers in flight: what a drain and a stop wait for. */
  const running = new Set<Promise<void>>();
  const tracked =
    (handle: (batch: PgBoss.Job<never>[]) => Promise<void>) =>
    (batch: PgBoss.Job<never>[]): Promise<void> => {
      const done = handle(batch);
      running.add(done);
      const forget = () => running.delete(done);
      done.then(forget, forget);
      return done;
    };
  const settled = () => Promise.allSettled([...running]);

  return {
    /**
     * Sends "listing `id` of `kind` went live" to the matcher (a worker takes it within
     * `pollMs`). Errors are logged, never thrown: the listing write already succeeded.
     */
    async listingLive(kind: FavouriteKind, id: string): Promise<void> {
      try {
        const data: MatchJob = { kind, id, due: now().toISOString() };
        await boss.send(ALERT_QUEUES.match, data, JOB_RETRY);
      } catch (error) {
        log.error({ err: error, kind, id }, 'could not queue a live listing for saved-search alerts');
      }
    },
    /**
     * Makes sure the queues exist, (re)writes the daily schedule and starts the workers (each
     * looks for due jobs every `pollMs`). `jobs` must be started.
     */
    async start(): Promise<void> {
      if (workerIds.size > 0) return;
      for (const { name } of workers) await boss.createQueue(name);
      await boss.schedule(ALERT_QUEUES.daily, DIGEST_CRON, {}, { tz: DIGEST_TZ, ...JOB_RETRY });
      for (const { name, batchSize, handle } of workers) {
        workerIds.set(
          name,
          await boss.work(name, { batchSize, pollingIntervalSeconds: pollMs / 1000 }, tracked(handle)),
        );
      }
    },
    /** Stops the workers and waits for their handlers in flight. */
    async stop(): Promise<void> {
      for (const id of workerIds.values()) await boss.offWork({ id });
      workerIds.clear();
      await settled();
    },
    /**
     * Waits for the workers' handlers in flight, then runs now, queue after queue until none has
     * a startable job, the jobs due by `now` (`data.due`), however far pg-boss's own start time
     * is (tests, scripts). A failing batch is logged and failed (pg-boss retries it later; the
     * next drain runs it if due).
     */
    async drain(): Promise<void> {
      await settled();
      await jobsSql.startDue(queueNames, now());
      for (;;) {
        await settled();
        let ran = 0;
        for (const { name, batchSize, handle } of workers) {
          const batch = await boss.fetch<never>(name, { batchSize });
          if (batch.length === 0) continue;
          ran += batch.length;
          const ids = batch.map((job) => job.id);
          try {
            await handle(batch);
            await boss.complete(name, ids);
          } catch (error) {
            log.error({ err: error, queue: name }, 'saved-search alert job failed');
            await boss.fail(name, ids, error as object);
          }
        }
        if (ran === 0) return;
      }
    },
  };
}
