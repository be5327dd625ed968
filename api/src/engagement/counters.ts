/**
 * Views and chat clicks counted in memory and written in batches (docs/product.md §20.10; ADR 0020):
 * a detail read or a chat click only adds to a Map; every `flushMs` (ENGAGEMENT_FLUSH_MS, default
 * 5 000 ms) — and when the app closes (SIGTERM → `app.close()` → onClose) — one transaction
 * writes everything counted since the last flush (`repository.ts` `flush`). A failed flush keeps
 * its counts for the next one. Views are counted per listing and Africa/Nairobi day; chat clicks
 * per listing, day and visitor (a visitor's repeat clicks that day count once, across flushes and
 * processes: the database keeps the day's visitor hashes).
 *
 * Until their flush, the views are this process's alone: `viewMark` / `unflushedViews` let a
 * cached detail show its stored count plus the views counted here since it was read, so a visitor
 * sees their own view at once; other processes' views show after their flush (and the cache's
 * refresh).
 */
import type { CountedKind } from '../db/schema.ts';
import type { ChatVisit, DailyViews, EngagementRepository, FlushWritten } from './repository.ts';
import { addDays, nairobiDay, type Visit } from './visitor.ts';

/** Default ms between two flushes (ENGAGEMENT_FLUSH_MS). */
export const DEFAULT_FLUSH_MS = 5_000;
/**
 * Burst rule (docs/decisions/0031): at most this many distinct visitors of one client address are
 * counted per listing, action (view, chat) and day in a process; more from that address count
 * nothing. Sized for a campus NAT: many students behind one address.
 */
export const MAX_VISITORS_PER_ADDRESS = 20;

/** A listing's in-memory view totals are forgotten after this long untouched and fully written (ms). */
const FORGET_AFTER_MS = 5 * 60_000;

export interface CountersOptions {
  repository: EngagementRepository;
  /** ms between flushes (timer unref'd: it never keeps the process alive). */
  flushMs?: number;
  now?: () => Date;
  /** Called with a flush's error (the counts are kept for the next flush). */
  onError?: (error: unknown) => void;
}

/** What a flush wrote, and the counts it carried. */
export interface FlushResult extends FlushWritten {
  /** Distinct (listing, day, visitor) chat clicks sent (some may have been counted already). */
  visits: number;
}

interface ViewTotals {
  /** Views of the listing counted by this process since it was first seen. */
  counted: number;
  /** How many of them are written. */
  written: number;
  touched: number;
}

/** Who was counted on one day: visitor keys, and the visitors counted per address key. */
interface DayAdmissions {
  visitors: Set<string>;
  perAddress: Map<string, number>;
}

export class EngagementCounters {
  private views = new Map<string, DailyViews>();
  /** Per Nairobi day (today and yesterday are kept): who was counted already. */
  private readonly admitted = new Map<string, DayAdmissions>();
  private visits = new Map<string, ChatVisit>();
  private readonly totals = new Map<string, ViewTotals>();
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => Date;
  readonly flushMs: number;

  constructor(private readonly options: CountersOptions) {
    this.now = options.now ?? (() => new Date());
    this.flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
  }

  /**
   * True when `visit` may count `action` on the listing on `day`: not counted before (in this
   * process) and its address has fewer than `MAX_VISITORS_PER_ADDRESS` visitors counted there.
   */
  private admit(action: string, kind: string, id: string, day: string, visit: Visit): boolean {
    let admissions = this.admitted.get(day);
    if (!admissions) {
      admissions = { visitors: new Set(), perAddress: new Map() };
      this.admitted.set(day, admissions);
      const keepFrom = addDays(day, -1);
      for (const known of this.admitted.keys()) if (known < keepFrom) this.admitted.delete(known);
    }
    const listing = `${action}|${kind}|${id}`;
    const visitorKey = `${listing}|${visit.visitor}`;
    if (admissions.visitors.has(visitorKey)) return false;
    const addressKey = `${listing}|${visit.address}`;
    const counted = admissions.perAddress.get(addressKey) ?? 0;
    if (counted >= MAX_VISITORS_PER_ADDRESS) return false;
    admissions.visitors.add(visitorKey);
    admissions.perAddress.set(addressKey, counted + 1);
    return true;
  }

  /**
   * Counts one view of listing `id` today by `visit` (no I/O): once per visitor per listing per
   * day, within the burst rule (ADR 0031).
   * @returns true when the view was counted
   */
  view(kind: 'products' | 'services', id: string, visit: Visit): boolean {
    const day = nairobiDay(this.now());
    if (!this.admit('view', kind, id, day, visit)) return false;
    const key = `${kind}|${id}|${day}`;
    const entry = this.views.get(key);
    if (entry) entry.views += 1;
    else this.views.set(key, { kind, id, day, views: 1 });
    const totals = this.totalsOf(kind, id);
    totals.counted += 1;
    return true;
  }

  /**
   * Counts one chat click on `id` by `visit` (the day's hashes) on `day` (no I/O), within the
   * burst rule; the database keeps each visitor's click once per listing and day.
   * @returns false when the burst rule or this process's memory refused it
   */
  chatClick(kind: CountedKind, id: string, day: string, visit: Visit): boolean {
    if (!this.admit('chat', kind, id, day, visit)) return false;
    const { visitor } = visit;
    this.visits.set(`${kind}|${id}|${day}|${visitor}`, { kind, id, day, visitor });
    return true;
  }

  /** This process's written views of the listing so far: take it just before reading the stored count. */
  viewMark(kind: 'products' | 'services', id: string): number {
    return this.totalsOf(kind, id).written;
  }

  /**
   * Views this process counted of the listing that a stored count read when `viewMark` was `mark`
   * does not hold yet (never negative).
   */
  unflushedViews(kind: 'products' | 'services', id: string, mark: number): number {
    return Math.max(0, this.totalsOf(kind, id).counted - mark);
  }

  /** Counts not yet written: views and distinct chat visits. */
  pending(): { views: number; visits: number } {
    let views = 0;
    for (const entry of this.views.values()) views += entry.views;
    return { views, visits: this.visits.size };
  }

  /**
   * Writes everything counted before this call (waits for a flush under way, then runs its own).
   * @throws the database's error (the counts stay for the next flush)
   */
  flush(): Promise<FlushResult> {
    const run = this.chain.then(
      () => this.flushOnce(),
      () => this.flushOnce(),
    );
    this.chain = run.catch(() => {});
    return run;
  }

  /** Starts the periodic flush (errors go to `onError`). */
  start(): void {
    if (this.timer || this.flushMs <= 0) return;
    this.timer = setInterval(() => {
      this.flush().catch((error: unknown) => this.options.onError?.(error));
    }, this.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (at app close). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private totalsOf(kind: string, id: string): ViewTotals {
    const key = `${kind}|${id}`;
    let totals = this.totals.get(key);
    if (!totals) {
      totals = { counted: 0, written: 0, touched: 0 };
      this.totals.set(key, totals);
    }
    totals.touched = Date.now();
    return totals;
  }

  private async flushOnce(): Promise<FlushResult> {
    const views = this.views;
    const visits = this.visits;
    if (views.size === 0 && visits.size === 0) return { views: 0, chatClicks: 0, dailyRows: 0, visits: 0 };
    this.views = new Map();
    this.visits = new Map();
    const today = nairobiDay(this.now());
    try {
      const written = await this.options.repository.flush(
        [...views.values()],
        [...visits.values()],
        addDays(today, -1),
      );
      for (const entry of views.values()) {
        const totals = this.totals.get(`${entry.kind}|${entry.id}`);
        if (totals) totals.written += entry.views;
      }
      this.forgetIdle();
      return { ...written, visits: visits.size };
    } catch (error) {
      // Keep the counts for the next flush.
      for (const [key, entry] of views) {
        const current = this.views.get(key);
        if (current) current.views += entry.views;
        else this.views.set(key, entry);
      }
      for (const [key, visit] of visits) this.visits.set(key, visit);
      throw error;
    }
  }

  /** Forgets the totals of listings fully written and untouched for FORGET_AFTER_MS (bounded memory). */
  private forgetIdle(): void {
    const before = Date.now() - FORGET_AFTER_MS;
    for (const [key, totals] of this.totals) {
      if (totals.counted === totals.written && totals.touched < before) this.totals.delete(key);
    }
  }
}
