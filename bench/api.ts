/**
 * `npm run bench:api` — API load benchmark (docs/product.md §23.9). Not a test: it reports numbers, asserts nothing.
 *
 * 1. Seeds a throwaway PostgreSQL database (`campus_bench_<random>` on DATABASE_URL's server,
 *    default postgres://postgres@127.0.0.1:5432/test) and a throwaway PGlite folder with the same
 *    generated data, through the API's own modules (migrations, `seedBench`, VACUUM ANALYZE), plus
 *    one verified account for the login scenario, ratings on 3 of 4 owners and stored scam signals
 *    on 1 of 8 listings (`seedTrust`).
 * 2. Times the list's page query and exact count alone, per query of the mix, on both engines
 *    ("query anatomy": what a cold request costs before the totals cache helps).
 * 3. Starts, each in its own process, the API on PostgreSQL, the API on PGlite (`buildApp` +
 *    listen, NODE_ENV production, no request logs) and a bare Fastify "ceiling" answering a fixed
 *    20-item page through the same response schema.
 * 4. Runs autocannon interleaved, round after round (a b c d e b′, a b c d e b′, …), each slice
 *    after its own warm-up: (a) ceiling, (b) GET /products mix on PostgreSQL, (c) the same on
 *    PGlite, (d) GET /products/:id (rotating ids; counts a view), (e) POST /auth/login (argon2),
 *    (b′, extra) the mix with a unique minPrice per request so neither the response cache nor the
 *    totals cache ever hits, and (c′) the same on PGlite; (b0) and (d0), the list mix and the item
 *    page on a third API process whose queries skip the trust lookups (lib/without-trust-lookups.ts:
 *    no scam signals, no owners' ratings; ADR 0034), each next to (b) and (d) (after it in odd rounds,
 *    before it in even ones), so (b)/(b0) and (d)/(d0) in 2xx/s say what the signals and ratings
 *    cost (target: at most 10 % fewer); (n) a bare `node:http` server replaying
 *    the first page's bytes (the machine's ceiling for that answer) and (h) GET /api/v1/health on
 *    the API, against which the cached path is measured (ADR 0037). The API servers' response cache counters are read around each slice
 *    (`GET /__bench/response-cache`, added by lib/api-server.ts): how many requests reached the
 *    database.
 * 5. Scale-out (docs/product.md §22.3): the compiled server (`api/dist/server.js`, what `npm start`
 *    runs) as 1 process and as 2 (WEB_CONCURRENCY=2: node:cluster workers behind one port), both
 *    over the PostgreSQL database of step 1 and REDIS_URL, loaded in the same rounds with the
 *    products mix (f) and logins (g). Without REDIS_URL the 2-process column is skipped (the
 *    server refuses WEB_CONCURRENCY=2 without Redis) and the report says why; the 1-process
 *    column then runs without Redis. The load generator (this process) and the servers share the
 *    machine's cores (2 here), so a second server process competes with autocannon: the gain is
 *    bounded by the cores, not by the API.
 * 6. Prints a table and writes `<out>/api.md` and `api.json` (default out: bench/results), with
 *    the issue's targets shown as met / not met. Stops every server by PID, drops the database.
 *
 * Flags: --products 100000 --services 20000 --shops 2000 --duration 15 (s per slice)
 * --connections 50 --warmup 3 (s before each slice) --rounds 2 --out DIR --skip-uncached (no b′)
 * --skip-covers (no cover pictures: faster seeding, smaller list answers; for the smoke test)
 * --skip-scale-out (no step 5: no compiled build, no f/g scenarios) --uncached-baseline 49 (the
 * (b′) req/s before ADR 0037, for its 4× target) --only a,n,h,b (run only these scenarios, ids as
 * in api.json: a n h b c d e b_uncached c_uncached f1 f2 g1 g2; PGlite is not seeded nor started
 * without c or c_uncached, the compiled server not without f1, f2, g1 or g2; ratios and targets of
 * scenarios left out read "not measured") --cpu-prof DIR (the API on PostgreSQL runs under
 * `node --cpu-prof`, its profile written to DIR when it stops; ADR 0044)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_SIZE, PRODUCT_CATEGORIES } from '@campus/shared/constants';
import { hash as argonHash } from '@node-rs/argon2';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { API_SERVER } from '../api/build.mjs';
import { authRepository } from '../api/src/auth/repository.ts';
import { hashLinkToken, newLinkToken } from '../api/src/auth/tokens.ts';
import { EXACT_COUNT_LIMIT } from '../api/src/catalog/listing.ts';
import type { ListFilter, ListOrder } from '../api/src/catalog/repository.ts';
import { parseSearch, type SearchMode } from '../api/src/catalog/search.ts';
import type { DatabaseConfig } from '../api/src/config.ts';
import { createDatabase, vacuumAnalyze } from '../api/src/db/database.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import type { Database } from '../api/src/db/schema.ts';
import { productsRepository } from '../api/src/products/repository.ts';
import { seedBench } from '../api/src/seed/seed-bench.ts';
import { LocalStorage } from '../api/src/uploads/storage.ts';
import { buildStaleApi } from '../scripts/build-if-stale.mjs';
import { fromCaller, gitInfo, loadAverage, machineInfo, packageVersion, ROOT } from './lib/machine.ts';
import {
  apiServerEnv,
  freePort,
  getAdmitted,
  onCleanup,
  runBenchmark,
  type Started,
  startProcess,
} from './lib/processes.ts';
import {
  benchFlags,
  consoleTable,
  fixed,
  intFlag,
  markdownTable,
  type TargetResult,
  target,
  targetsTable,
  writeResults,
} from './lib/report.ts';
import { median, percentileOfSorted, round } from './lib/stats.ts';

const USAGE =
  'Usage: npm run bench:api -- [--products 100000] [--services 20000] [--shops 2000] [--duration 15] ' +
  '[--connections 50] [--warmup 3] [--rounds 2] [--out bench/results] [--skip-uncached] [--skip-covers] ' +
  '[--skip-scale-out] [--uncached-baseline 49] [--only a,n,h,b] [--cpu-prof DIR]';

/** Every scenario id, in the order they run. */
const SCENARIO_IDS = [
  'a',
  'n',
  'h',
  'b',
  'c',
  'd',
  'e',
  'b_uncached',
  'c_uncached',
  'f1',
  'f2',
  'g1',
  'g2',
] as const;

/** (b′) req/s at 100 000 products, 50 connections, before the bounded counts of ADR 0037 (its 4× target). */
const UNCACHED_BASELINE = 49;

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** Login attempts come from one address: the limits are multiplied by this (config RATE_LIMIT_FACTOR). */
const RATE_LIMIT_FACTOR = '1000000';
export interface MixEntry {
  label: string;
  /** Path and query under the API origin. */
  path: string;
}

const enc = encodeURIComponent;
const [TEXTBOOKS, ELECTRONICS, , , , , , , , KITCHEN] = PRODUCT_CATEGORIES;
const LIST = '/api/v1/products';

/**
 * The realistic GET /products mix (weights by repetition): first page unfiltered most often,
 * later pages, popular and rare searches incl. 2-letter ones and a word being typed, a typo
 * (trigram fallback) and a term with no match, category and price filters, combinations.
 */
export const PRODUCTS_MIX: MixEntry[] = [
  { label: 'first page', path: LIST },
  { label: 'first page', path: LIST },
  { label: 'first page', path: LIST },
  { label: 'page 2', path: `${LIST}?page=2` },
  { label: 'page 3', path: `${LIST}?page=3` },
  { label: 'page 5', path: `${LIST}?page=5` },
  { label: 'popular: laptop', path: `${LIST}?search=laptop` },
  { label: 'popular: textbook, page 2', path: `${LIST}?search=textbook&page=2` },
  { label: 'popular: calculator', path: `${LIST}?search=calculator` },
  { label: '2 letters: hp', path: `${LIST}?search=hp` },
  { label: '2 letters: ps', path: `${LIST}?search=ps` },
  { label: 'being typed: lapt', path: `${LIST}?search=lapt` },
  { label: 'rare: guitar kahawa', path: `${LIST}?search=guitar%20kahawa` },
  { label: 'typo (trigram): calculater', path: `${LIST}?search=calculater` },
  { label: 'no match: zebra', path: `${LIST}?search=zebra` },
  { label: 'category', path: `${LIST}?category=${enc(ELECTRONICS!)}` },
  { label: 'category, page 4', path: `${LIST}?category=${enc(TEXTBOOKS!)}&page=4` },
  { label: 'price 1000-5000', path: `${LIST}?minPrice=1000&maxPrice=5000` },
  { label: 'price ≤ 2000, page 2', path: `${LIST}?maxPrice=2000&page=2` },
  { label: 'category + price', path: `${LIST}?category=${enc(KITCHEN!)}&minPrice=1000&maxPrice=3000` },
  {
    label: 'search + category + price',
    path: `${LIST}?search=laptop&category=${enc(ELECTRONICS!)}&maxPrice=30000`,
  },
];

/**
 * The mix with a distinct `minPrice` per request (a millionth-KES offset: the same rows, prices
 * have 2 decimals) so every request misses the response cache and the totals cache, and runs the
 * page query and the exact count.
 */
export function uncachedPaths(mix: readonly MixEntry[], count = 20_000): string[] {
  return Array.from({ length: count }, (_, i) => {
    const url = new URL(mix[i % mix.length]!.path, 'http://x');
    const base = Number(url.searchParams.get('minPrice') ?? 0);
    url.searchParams.set('minPrice', (base + (1 + (i % 9999)) / 1e6).toFixed(6));
    return `${url.pathname}${url.search}`;
  });
}

interface Scenario {
  id:
    | 'a'
    | 'n'
    | 'h'
    | 'b'
    | 'b0'
    | 'c'
    | 'd'
    | 'd0'
    | 'e'
    | 'b_uncached'
    | 'c_uncached'
    | 'f1'
    | 'f2'
    | 'g1'
    | 'g2';
  name: string;
  /**
   * `one` / `two`: the compiled server as 1 process / WEB_CONCURRENCY=2 (step 5); `node`: the bare
   * node:http ceiling; `plain`: the API on PostgreSQL without the trust lookups (ADR 0034).
   */
  server: 'ceiling' | 'node' | 'postgres' | 'plain' | 'pglite' | 'one' | 'two';
  method: 'GET' | 'POST';
  paths: string[];
  body?: string;
  /** Counted in the targets ('0 errors'); the extra scenario is not. */
  inTargets: boolean;
}

/** Counters of the API's response cache (`api/src/catalog/response-cache.ts`). */
interface CacheStats {
  hits: number;
  stale: number;
  misses: number;
  loads: number;
}

interface Slice {
  round: number;
  seconds: number;
  responses: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** What the server's response cache did during the slice (null: the ceiling, no cache). */
  responseCache: CacheStats | null;
}

export interface ScenarioResult {
  id: Scenario['id'];
  name: string;
  server: Scenario['server'];
  requests: number;
  seconds: number;
  reqPerSec: number;
  /** 2xx answers per second (a shed request, 503, answers fast but serves nothing). */
  okPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  slices: Slice[];
  /** The slices' response cache counters added up (null for the ceiling). */
  responseCache: CacheStats | null;
}

interface AnatomyTiming {
  mode: SearchMode;
  total: number;
  /** Median ms of the page query (both attempts when the trigram fallback ran). */
  pageMs: number;
  /** Median ms of the route's count (both attempts when the trigram fallback ran). */
  countMs: number;
}

interface AnatomyRow {
  label: string;
  path: string;
  postgres: AnatomyTiming;
  pglite: AnatomyTiming;
}

function parseFlags() {
  const values = benchFlags(
    {
      products: { type: 'string' },
      services: { type: 'string' },
      shops: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      'skip-uncached': { type: 'boolean', default: false },
      'skip-covers': { type: 'boolean', default: false },
      'skip-scale-out': { type: 'boolean', default: false },
      'uncached-baseline': { type: 'string' },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
    USAGE,
  );
  const only = values.only ? values.only.split(',').map((id) => id.trim()) : null;
  const unknown = only?.filter((id) => !(SCENARIO_IDS as readonly string[]).includes(id)) ?? [];
  if (unknown.length > 0)
    throw new Error(`--only: unknown scenario ${unknown.join(', ')} (ids: ${SCENARIO_IDS.join(' ')})`);
  return {
    products: intFlag('products', values.products, 100_000, 1),
    services: intFlag('services', values.services, 20_000),
    shops: intFlag('shops', values.shops, 2_000),
    duration: intFlag('duration', values.duration, 15, 1),
    connections: intFlag('connections', values.connections, 50, 1),
    warmup: intFlag('warmup', values.warmup, 3),
    rounds: intFlag('rounds', values.rounds, 2, 1),
    out: fromCaller(values.out ?? path.join(ROOT, 'bench/results')),
    skipUncached: values['skip-uncached'],
    skipCovers: values['skip-covers'],
    skipScaleOut: values['skip-scale-out'],
    uncachedBaseline: intFlag('uncached-baseline', values['uncached-baseline'], UNCACHED_BASELINE, 1),
    /** The scenarios to run (null: all). */
    only: only as Scenario['id'][] | null,
    cpuProf: values['cpu-prof'] ? fromCaller(values['cpu-prof']) : null,
  };
}

type Flags = ReturnType<typeof parseFlags>;

const began = Date.now();
const log = (message: string) =>
  console.log(`[bench:api +${((Date.now() - began) / 1000).toFixed(0)}s] ${message}`);

/** Total size in bytes of the files below `dir`. */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stat = statSync(path.join(dir, entry));
    if (stat.isFile()) total += stat.size;
  }
  return total;
}

/** Runs `fn` `times` times after one unmeasured call; returns the median ms and the last result. */
async function timed<T>(fn: () => Promise<T>, times = 3): Promise<{ ms: number; value: T }> {
  let value = await fn();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    value = await fn();
    samples.push(performance.now() - started);
  }
  return { ms: median(samples), value };
}

/**
 * Page query and count of one list request (exact up to EXACT_COUNT_LIMIT, else estimated), alone
 * and sequentially, like a cold `listPage`.
 */
async function anatomyOf(db: Kysely<Database>, entry: MixEntry): Promise<AnatomyTiming> {
  const query = new URL(entry.path, 'http://x').searchParams;
  const num = (name: string) => (query.has(name) ? Number(query.get(name)) : undefined);
  const filter: ListFilter = {
    search: parseSearch(query.get('search') ?? undefined),
    category: query.get('category') ?? undefined,
    minPrice: num('minPrice'),
    maxPrice: num('maxPrice'),
  };
  const offset = ((num('page') ?? 1) - 1) * PAGE_SIZE;
  // The route's order (listRequest): relevance for a search, else newest.
  const order: ListOrder = filter.search ? 'relevance' : 'newest';
  const repository = productsRepository(db);
  const attempt = async (mode: SearchMode) => {
    const page = await timed(() => repository.findPage(filter, mode, offset, PAGE_SIZE, order));
    // The route's count (ADR 0037): at most EXACT_COUNT_LIMIT + 1 rows, then the planner's estimate.
    const count = await timed(async () => {
      const counted = await repository.countUpTo(filter, mode, EXACT_COUNT_LIMIT + 1);
      return counted > EXACT_COUNT_LIMIT
        ? Math.max(counted, await repository.estimateCount(filter, mode))
        : counted;
    });
    return { pageMs: page.ms, countMs: count.ms, total: count.value };
  };
  const first = await attempt(filter.search ? 'fts' : 'none');
  if (first.total > 0 || !filter.search?.trigram) {
    return { mode: filter.search ? 'fts' : 'none', ...first };
  }
  const second = await attempt('trigram');
  return {
    mode: 'trigram',
    total: second.total,
    pageMs: first.pageMs + second.pageMs,
    countMs: first.countMs + second.countMs,
  };
}

interface Prepared {
  engine: 'postgres' | 'pglite';
  seedMs: number;
  counts: Record<'products' | 'services' | 'shops' | 'users', number>;
  productIds: string[];
  login: { email: string; password: string };
}

/**
 * Gives the bench data what the trust features read on every item page and list card (docs/product.md
 * §28, §29): a stored rating on 3 of 4 users (`users.rating_count` / `rating_sum`, as reviews
 * leave them) and stored scam signals on 1 of 8 products and services (`listing_signals`: an
 * `advance_payment` signal, and a time-bound `new_account_high_price` one on half of those), picked
 * by the md5 of the id so both engines get the same rows.
 */
async function seedTrust(db: Kysely<Database>): Promise<void> {
  await sql`UPDATE users SET rating_count = 3 + get_byte(decode(md5(id::text), 'hex'), 0) % 20,
      rating_sum = (3 + get_byte(decode(md5(id::text), 'hex'), 0) % 20) * 4
    WHERE right(md5(id::text), 1) NOT IN ('0', '1', '2', '3')`.execute(db);
  for (const table of ['products', 'services'] as const) {
    await sql`INSERT INTO listing_signals (listing_type, listing_id, kind, message, evidence, expires_at)
      SELECT ${table}, id, 'advance_payment',
        'The description asks for money before you meet (“booking fee”). Never pay before you see the item.',
        '{"phrases":["booking fee"]}', NULL
      FROM ${sql.table(table)} WHERE right(md5(id::text), 1) IN ('0', '1')`.execute(db);
    await sql`INSERT INTO listing_signals (listing_type, listing_id, kind, message, evidence, expires_at)
      SELECT ${table}, id, 'new_account_high_price',
        'This account is less than 48 hours old and the price is above KES 10,000.',
        '{"accountAgeHours":3}', now() + interval '1 day'
      FROM ${sql.table(table)} WHERE right(md5(id::text), 1) = '0'`.execute(db);
  }
}

/** Migrates and seeds one engine through the API's own modules; adds a verified account. */
async function prepareEngine(
  engine: 'postgres' | 'pglite',
  config: DatabaseConfig,
  uploadsDir: string,
  flags: Flags,
): Promise<{ prepared: Prepared; db: Kysely<Database>; destroy: () => Promise<void> }> {
  const handle = await createDatabase(config, { lockWaitMs: 0 });
  try {
    const started = Date.now();
    await migrateToLatest(handle.db);
    await seedBench(
      handle.db,
      { products: flags.products, services: flags.services, shops: flags.shops },
      {
        ...(flags.skipCovers ? {} : { storage: new LocalStorage(uploadsDir) }),
        batchSize: engine === 'pglite' ? 5_000 : 20_000,
      },
    );
    // A verified account through the account repository (signup's own insert, then the link).
    const login = {
      email: `bench-login-${randomBytes(3).toString('hex')}@students.example.com`,
      password: 'bench-pass-1234',
    };
    const link = newLinkToken();
    const now = new Date();
    const repo = authRepository(handle.db);
    const user = await repo.createAccount(
      {
        email: login.email,
        passwordHash: await argonHash(login.password),
        firstName: 'Bench',
        lastName: 'Login',
        whatsApp: '254700000001',
        university: 'University of Nairobi',
      },
      { purpose: 'verify_email', tokenHash: link.hash, expiresAt: new Date(now.getTime() + 3600_000) },
      now,
    );
    const token = user && (await repo.findToken(hashLinkToken(link.token)));
    if (!token || !(await repo.verifyEmail(token.id, now)))
      throw new Error('could not create the login account');
    await seedTrust(handle.db);
    await vacuumAnalyze(handle.db);
    const seedMs = Date.now() - started;

    const count = async (table: 'products' | 'services' | 'shops' | 'users') =>
      Number(
        (await handle.db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
      );
    const counts = {
      products: await count('products'),
      services: await count('services'),
      shops: await count('shops'),
      users: await count('users'),
    };
    const productIds = (
      await handle.db
        .selectFrom('products')
        .select('id')
        .where('status', '=', 'available')
        .orderBy(sql`md5(id::text)`)
        .limit(1000)
        .execute()
    ).map((row) => row.id);
    return {
      prepared: { engine, seedMs, counts, productIds, login },
      db: handle.db,
      destroy: handle.destroy,
    };
  } catch (error) {
    await handle.destroy();
    throw error;
  }
}

/** One autocannon slice; latencies come from every response (merged exactly across rounds later). */
async function runSlice(
  url: string,
  scenario: Scenario,
  seconds: number,
  connections: number,
): Promise<{ result: Result; latencies: number[] }> {
  let next = Math.floor(Math.random() * scenario.paths.length);
  const latencies: number[] = [];
  const request: RequestSpec = {
    method: scenario.method,
    ...(scenario.body
      ? { body: scenario.body, headers: { 'content-type': 'application/json', accept: 'application/json' } }
      : { headers: { accept: 'application/json' } }),
    setupRequest: (raw) => ({ ...raw, path: scenario.paths[next++ % scenario.paths.length] }),
  };
  const instance = autocannon({ url, connections, duration: seconds, timeout: 10, requests: [request] });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
  });
  const result = await instance;
  return { result, latencies };
}

function summarize(
  scenario: Scenario,
  slices: Slice[],
  latencies: number[],
  results: Result[],
): ScenarioResult {
  const sorted = Float64Array.from(latencies).sort();
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  const statusCodes: Record<string, number> = {};
  for (const r of results) {
    for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) {
      statusCodes[code] = (statusCodes[code] ?? 0) + Number(stat.count);
    }
  }
  const sum = (pick: (r: Result) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    id: scenario.id,
    name: scenario.name,
    server: scenario.server,
    requests: latencies.length,
    seconds: round(seconds, 2),
    reqPerSec: round(latencies.length / seconds, 1),
    okPerSec: round((latencies.length - sum((r) => r.non2xx)) / seconds, 1),
    latencyMs: {
      p50: round(percentileOfSorted(sorted, 50), 2),
      p90: round(percentileOfSorted(sorted, 90), 2),
      p99: round(percentileOfSorted(sorted, 99), 2),
      max: round(sorted.length ? sorted[sorted.length - 1]! : Number.NaN, 2),
      mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length), 2),
    },
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    statusCodes,
    slices,
    responseCache: slices.every((s) => s.responseCache)
      ? addStats(slices.map((s) => s.responseCache as CacheStats))
      : null,
  };
}

/** The response cache counters of an API server; null when it has none (the ceiling). */
async function cacheStats(url: string): Promise<CacheStats | null> {
  const response = await fetch(`${url}/__bench/response-cache`);
  if (!response.ok) {
    await response.arrayBuffer();
    return null;
  }
  return (await response.json()) as CacheStats;
}

const addStats = (all: CacheStats[]): CacheStats => ({
  hits: all.reduce((sum, one) => sum + one.hits, 0),
  stale: all.reduce((sum, one) => sum + one.stale, 0),
  misses: all.reduce((sum, one) => sum + one.misses, 0),
  loads: all.reduce((sum, one) => sum + one.loads, 0),
});
const subStats = (after: CacheStats, before: CacheStats): CacheStats => ({
  hits: after.hits - before.hits,
  stale: after.stale - before.stale,
  misses: after.misses - before.misses,
  loads: after.loads - before.loads,
});

/**
 * The scenarios in the order of round `roundNo`: as listed in odd rounds; in even rounds each
 * "without signals" scenario (b0, d0) runs before its pair instead of after, so neither side of
 * a pair always gets the pages the other just warmed (ADR 0034).
 */
function roundOrder(scenarios: readonly Scenario[], roundNo: number): Scenario[] {
  const order = [...scenarios];
  if (roundNo % 2 === 1) return order;
  for (const [withId, withoutId] of [
    ['b', 'b0'],
    ['d', 'd0'],
  ] as const) {
    const i = order.findIndex((s) => s.id === withId);
    const j = order.findIndex((s) => s.id === withoutId);
    if (i >= 0 && j >= 0) [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** "round 1: list 0.95, item 1.02; round 2: …": the with/without 2xx/s ratios of each round. */
function pairRounds(b: ScenarioResult, b0: ScenarioResult, d: ScenarioResult, d0: ScenarioResult): string {
  const ok = (slice: Slice) => (slice.responses - slice.non2xx) / slice.seconds;
  return b.slices
    .map((slice, i) => {
      const ratio = (w: Slice | undefined, wo: Slice | undefined) =>
        w && wo ? (ok(w) / ok(wo)).toFixed(2) : '—';
      return `round ${slice.round}: list ${ratio(slice, b0.slices[i])}, item ${ratio(d.slices[i], d0.slices[i])}`;
    })
    .join('; ');
}

/** "4.2 % drop" for a with/without ratio of 0.958, "1.3 % gain" above 1. */
const dropText = (ratio: number | null) =>
  ratio === null
    ? 'not measured'
    : ratio <= 1
      ? `${((1 - ratio) * 100).toFixed(1)} % drop`
      : `${((ratio - 1) * 100).toFixed(1)} % gain`;

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(2)} %`;

/**
 * The notes of api.md: how busy the machine was, what the shared cores cost even the ceiling, and
 * how many requests of each scenario reached the database past the response cache.
 */
function notes(
  results: ScenarioResult[],
  loadBefore: number[],
  loadAfter: number[],
  loadDuring: number[],
  cores: number,
): string[] {
  const lines: string[] = [];
  const [low, high] = [Math.min(...loadDuring), Math.max(...loadDuring)];
  lines.push(
    `Machine load: 1-min load average ${loadBefore[0]} before the run (nothing of the benchmark running yet), ` +
      `${low}-${high} at the start of the measured slices, ${loadAfter[0]} after, on ${cores} cores. ` +
      (loadBefore[0]! >= cores
        ? `A load of ${cores} or more before the start means other work (builds, tests, an earlier run) was ` +
          'competing for the cores: compare ratios and the rounds, not absolute numbers.'
        : 'The machine was otherwise quiet when the run started.'),
  );
  const a = results.find((r) => r.id === 'a');
  const b = results.find((r) => r.id === 'b');
  if (a && b) {
    lines.push(
      `Shared cores: the ceiling (a), a fixed answer with no database, has p50 ${a.latencyMs.p50} ms and p99 ` +
        `${a.latencyMs.p99} ms at the same connections; (b) has p50 ${b.latencyMs.p50} ms and p99 ${b.latencyMs.p99} ms. ` +
        'The load generator, the servers and PostgreSQL run on the same cores, so part of every latency is waiting ' +
        'for a core.',
    );
  }
  for (const r of results) {
    const c = r.responseCache;
    if (!c || c.hits + c.stale + c.misses === 0) continue;
    lines.push(
      `Response cache, ${r.name}: ${c.hits} fresh hits, ${c.stale} stale answers (refreshed in the background), ` +
        `${c.misses} waited for a load; ${c.loads} loads (${(c.loads / r.seconds).toFixed(1)}/s): ` +
        `${percent(c.loads, c.hits + c.stale + c.misses)} of the requests ran database queries.`,
    );
  }
  return lines;
}

/**
 * Checks once that every request of a scenario answers 2xx before loading it. A 503 is the
 * server shedding load while its event loop lags (ADR 0030; a busy shared machine, a PGlite query
 * holding the loop): asked again after a second, up to 10 times.
 */
async function precheck(url: string, scenario: Scenario): Promise<void> {
  const unique = [...new Set(scenario.paths)].slice(0, 50);
  for (const p of unique) {
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(url + p, {
        method: scenario.method,
        headers: { 'content-type': 'application/json' },
        ...(scenario.body ? { body: scenario.body } : {}),
      });
      await response.arrayBuffer();
      if (response.ok) break;
      if (response.status !== 503 || attempt === 10) {
        throw new Error(`(${scenario.id}) ${scenario.method} ${p} answered ${response.status}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

async function main(): Promise<void> {
  const flags = parseFlags();
  const startedAt = Date.now();
  const loadBefore = loadAverage();
  const machine = machineInfo();
  log(
    `${flags.products} products, ${flags.services} services, ${flags.shops} shops; ${flags.rounds} rounds × ` +
      `${flags.duration} s per scenario, ${flags.connections} connections, warm-up ${flags.warmup} s; ` +
      `${machine.cores} cores, load average ${loadBefore.join(' ')}`,
  );

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-api-'));
  onCleanup(async () => rmSync(tmp, { recursive: true, force: true }));

  // 1. Throwaway PostgreSQL database + PGlite folder.
  const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
  const dbName = `campus_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  onCleanup(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    log(`dropped database ${dbName}`);
  });
  const pgUrl = new URL(adminUrl);
  pgUrl.pathname = `/${dbName}`;
  const serverVersion = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!
    .server_version;

  const pgData = path.join(tmp, 'postgres-data');
  const liteData = path.join(tmp, 'pglite-data');
  log(`seeding ${dbName} and ${liteData}/db (in parallel)…`);
  const [pgSide, liteSide] = await Promise.all([
    prepareEngine('postgres', { engine: 'postgres', url: pgUrl.href }, path.join(pgData, 'uploads'), flags),
    prepareEngine(
      'pglite',
      { engine: 'pglite', dataDir: path.join(liteData, 'db') },
      path.join(liteData, 'uploads'),
      flags,
    ),
  ]);
  log(`seeded: PostgreSQL ${pgSide.prepared.seedMs} ms, PGlite ${liteSide.prepared.seedMs} ms`);

  // 2. Query anatomy: page query vs exact count, alone, per distinct query of the mix.
  log('timing page query and exact count per query of the mix…');
  const distinct = [...new Map(PRODUCTS_MIX.map((entry) => [entry.path, entry])).values()];
  const anatomy: AnatomyRow[] = [];
  for (const entry of distinct) {
    anatomy.push({
      label: entry.label,
      path: entry.path,
      postgres: await anatomyOf(pgSide.db, entry),
      pglite: await anatomyOf(liteSide.db, entry),
    });
  }
  const pgliteVersion =
    (await sql<{ server_version: string }>`SHOW server_version`.execute(liteSide.db)).rows[0]
      ?.server_version ?? 'unknown';
  const postgresDbBytes = Number(
    (await sql<{ size: string }>`SELECT pg_database_size(current_database()) AS size`.execute(pgSide.db))
      .rows[0]!.size,
  );
  await Promise.all([pgSide.destroy(), liteSide.destroy()]);
  const pgliteDirBytes = folderBytes(path.join(liteData, 'db'));

  // 3. Servers, each in its own process.
  // Every API setting removed: the site runs like a plain `npm start`, whatever the caller's environment.
  const baseEnv = apiServerEnv({ RATE_LIMIT_FACTOR, JWT_SECRET: randomBytes(48).toString('base64url') });
  const server = async (
    name: string,
    env: NodeJS.ProcessEnv,
    args = ['--import', 'tsx', path.join(ROOT, 'bench/lib/api-server.ts')],
    health = '/api/v1/health',
  ): Promise<{ url: string; proc: Started }> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = await startProcess({
      name,
      command: process.execPath,
      args,
      env: { ...baseEnv, ...env, PORT: String(port) },
      cwd: ROOT,
      logFile: path.join(tmp, `${name}.log`),
      healthUrl: `${url}${health}`,
    });
    log(`${name} on ${url} (pid ${proc.pid})`);
    return { url, proc };
  };
  const [pgServer, plainServer, liteServer] = await Promise.all([
    server('api-postgres', { BENCH_SERVER: 'api', DATA_DIR: pgData, DATABASE_URL: pgUrl.href }, [
      // --cpu-prof: the profile of this server is written when it stops (ADR 0044).
      ...(flags.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${flags.cpuProf}`] : []),
      '--import',
      'tsx',
      path.join(ROOT, 'bench/lib/api-server.ts'),
    ]),
    // The same database and uploads, built without the trust lookups (ADR 0034).
    server('api-postgres-without-trust', {
      BENCH_SERVER: 'api-without-trust',
      DATA_DIR: pgData,
      DATABASE_URL: pgUrl.href,
    }),
    server('api-pglite', { BENCH_SERVER: 'api', DATA_DIR: liteData }),
  ]);
  const ceilingFile = path.join(tmp, 'ceiling-page.json');
  const firstPage = await getAdmitted(`${pgServer.url}${LIST}`);
  writeFileSync(ceilingFile, await firstPage.text());
  const ceiling = await server('ceiling', { BENCH_SERVER: 'ceiling', BENCH_CEILING_FILE: ceilingFile });
  const nodeCeiling = await server('node-ceiling', {
    BENCH_SERVER: 'node-ceiling',
    BENCH_CEILING_FILE: ceilingFile,
  });
  // Scale-out (step 5): the compiled server, 1 process and WEB_CONCURRENCY=2, same database and Redis.
  const redisUrl = process.env.REDIS_URL;
  const wanted = (id: Scenario['id']) => !flags.only || flags.only.includes(id);
  const skipScaleOut = flags.skipScaleOut || !(['f1', 'f2', 'g1', 'g2'] as const).some(wanted);
  const twoSkipped = skipScaleOut
    ? flags.skipScaleOut
      ? '--skip-scale-out: neither column ran'
      : '--only: neither column ran'
    : redisUrl
      ? null
      : 'REDIS_URL is not set: WEB_CONCURRENCY=2 needs Redis (rate limits and cache versions shared by the ' +
        'workers), so the 2-process column is skipped; the 1-process column runs without Redis';
  if (twoSkipped) log(twoSkipped);
  if (!skipScaleOut) await buildStaleApi(ROOT);
  const compiledServer = async (name: string, workers: number) => {
    const started = await server(
      name,
      {
        DATABASE_URL: pgUrl.href,
        DATA_DIR: path.join(tmp, name),
        WEB_CONCURRENCY: String(workers),
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      },
      [path.join(ROOT, API_SERVER)],
      '/api/v1/health/ready',
    );
    // The first worker answers the health check; give the others time to listen too.
    if (workers > 1) await new Promise((resolve) => setTimeout(resolve, 3_000));
    return started;
  };
  const one = skipScaleOut ? null : await compiledServer('api-1-process', 1);
  const two = twoSkipped ? null : await compiledServer('api-2-processes', 2);
  const urls: Record<Scenario['server'], string> = {
    ceiling: ceiling.url,
    node: nodeCeiling.url,
    postgres: pgServer.url,
    plain: plainServer.url,
    pglite: liteServer.url,
    one: one?.url ?? '',
    two: two?.url ?? '',
  };

  // 4. Interleaved load.
  const mixPaths = PRODUCTS_MIX.map((entry) => entry.path);
  const scenarios: Scenario[] = [
    {
      id: 'a',
      name: '(a) ceiling: bare Fastify, fixed 20-item page',
      server: 'ceiling',
      method: 'GET',
      paths: [LIST],
      inTargets: true,
    },
    {
      id: 'n',
      name: '(n) ceiling: bare node:http, the same bytes',
      server: 'node',
      method: 'GET',
      paths: [LIST],
      inTargets: true,
    },
    {
      id: 'h',
      name: '(h) GET /api/v1/health, PostgreSQL',
      server: 'postgres',
      method: 'GET',
      paths: ['/api/v1/health'],
      inTargets: true,
    },
    {
      id: 'b',
      name: '(b) GET /products mix, PostgreSQL',
      server: 'postgres',
      method: 'GET',
      paths: mixPaths,
      inTargets: true,
    },
    {
      id: 'b0',
      name: '(b0) GET /products mix, PostgreSQL, without signals and ratings',
      server: 'plain',
      method: 'GET',
      paths: mixPaths,
      inTargets: true,
    },
    {
      id: 'c',
      name: '(c) GET /products mix, PGlite',
      server: 'pglite',
      method: 'GET',
      paths: mixPaths,
      inTargets: true,
    },
    {
      id: 'd',
      name: '(d) GET /products/:id, PostgreSQL',
      server: 'postgres',
      method: 'GET',
      paths: pgSide.prepared.productIds.map((id) => `${LIST}/${id}`),
      inTargets: true,
    },
    {
      id: 'd0',
      name: '(d0) GET /products/:id, PostgreSQL, without signals and ratings',
      server: 'plain',
      method: 'GET',
      paths: pgSide.prepared.productIds.map((id) => `${LIST}/${id}`),
      inTargets: true,
    },
    {
      id: 'e',
      name: '(e) POST /auth/login, PostgreSQL',
      server: 'postgres',
      method: 'POST',
      paths: ['/api/v1/auth/login'],
      body: JSON.stringify(pgSide.prepared.login),
      inTargets: true,
    },
  ];
  if (!flags.skipUncached) {
    scenarios.push({
      id: 'b_uncached',
      name: "(b') mix, PostgreSQL, response + totals caches bypassed (extra)",
      server: 'postgres',
      method: 'GET',
      paths: uncachedPaths(PRODUCTS_MIX),
      inTargets: false,
    });
    scenarios.push({
      id: 'c_uncached',
      name: "(c') mix, PGlite, response + totals caches bypassed (extra)",
      server: 'pglite',
      method: 'GET',
      paths: uncachedPaths(PRODUCTS_MIX),
      inTargets: false,
    });
  }
  const scaleOut: Scenario[] = [
    {
      id: 'f1',
      name: '(f1) GET /products mix, 1 process',
      server: 'one',
      method: 'GET',
      paths: mixPaths,
      inTargets: false,
    },
    {
      id: 'f2',
      name: '(f2) GET /products mix, 2 processes',
      server: 'two',
      method: 'GET',
      paths: mixPaths,
      inTargets: false,
    },
    {
      id: 'g1',
      name: '(g1) POST /auth/login, 1 process',
      server: 'one',
      method: 'POST',
      paths: ['/api/v1/auth/login'],
      body: JSON.stringify(pgSide.prepared.login),
      inTargets: false,
    },
    {
      id: 'g2',
      name: '(g2) POST /auth/login, 2 processes',
      server: 'two',
      method: 'POST',
      paths: ['/api/v1/auth/login'],
      body: JSON.stringify(pgSide.prepared.login),
      inTargets: false,
    },
  ];
  if (!skipScaleOut) {
    scenarios.push(...scaleOut.filter((scenario) => scenario.server === 'one' || !twoSkipped));
  }
  if (flags.only)
    scenarios.splice(0, scenarios.length, ...scenarios.filter((scenario) => wanted(scenario.id)));
  for (const scenario of scenarios) await precheck(urls[scenario.server], scenario);

  const collected = new Map(
    scenarios.map((s) => [
      s.id,
      { slices: [] as Slice[], latencies: [] as number[], results: [] as Result[] },
    ]),
  );
  /** 1-min load average at the start of each measured slice. */
  const loadDuring: number[] = [];
  for (let roundNo = 1; roundNo <= flags.rounds; roundNo++) {
    for (const scenario of roundOrder(scenarios, roundNo)) {
      const url = urls[scenario.server];
      if (flags.warmup > 0) await runSlice(url, scenario, flags.warmup, flags.connections);
      loadDuring.push(loadAverage()[0]);
      const statsBefore = await cacheStats(url);
      const { result, latencies } = await runSlice(url, scenario, flags.duration, flags.connections);
      const statsAfter = statsBefore && (await cacheStats(url));
      const sorted = Float64Array.from(latencies).sort();
      const slice: Slice = {
        round: roundNo,
        seconds: result.duration,
        responses: latencies.length,
        reqPerSec: round(latencies.length / result.duration, 1),
        p50: round(percentileOfSorted(sorted, 50), 2),
        p99: round(percentileOfSorted(sorted, 99), 2),
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        responseCache: statsBefore && statsAfter ? subStats(statsAfter, statsBefore) : null,
      };
      const bucket = collected.get(scenario.id)!;
      bucket.slices.push(slice);
      bucket.results.push(result);
      for (const ms of latencies) bucket.latencies.push(ms);
      log(
        `round ${roundNo}/${flags.rounds} ${scenario.name}: ${slice.reqPerSec} req/s, p50 ${slice.p50} ms, ` +
          `p99 ${slice.p99} ms, errors ${slice.errors}, non-2xx ${slice.non2xx}`,
      );
    }
  }
  const results = scenarios.map((s) => {
    const bucket = collected.get(s.id)!;
    return summarize(s, bucket.slices, bucket.latencies, bucket.results);
  });

  for (const proc of [
    ceiling.proc,
    nodeCeiling.proc,
    pgServer.proc,
    plainServer.proc,
    liteServer.proc,
    one?.proc,
    two?.proc,
  ]) {
    await proc?.stop();
  }
  const loadAfter = loadAverage();

  // 5. Report.
  const byId = (id: Scenario['id']) => results.find((r) => r.id === id);
  // Scenarios left out by --only are undefined: their ratios are null and their targets "not measured".
  const a = byId('a');
  const b = byId('b');
  const c = byId('c');
  const d = byId('d');
  const b0 = byId('b0');
  const d0 = byId('d0');
  const n = byId('n');
  const h = byId('h');
  const bu = byId('b_uncached');
  const cu = byId('c_uncached');
  /** `x / y` rounded, or null when either is missing. */
  const ratio = (x: number | undefined, y: number | undefined, digits = 3) =>
    x === undefined || y === undefined ? null : round(x / y, digits);
  const ratios = {
    bOverA: ratio(b?.reqPerSec, a?.reqPerSec),
    cOverB: ratio(c?.reqPerSec, b?.reqPerSec),
    // docs/product.md §20.10: the item-by-id route beside the list mix, against the same ceiling.
    dOverA: ratio(d?.reqPerSec, a?.reqPerSec),
    // ADR 0034: with the scam signals and ratings vs without, side by side (1 − ratio = the drop).
    // 2xx answers only: a request shed with 503 (ADR 0030) serves nothing.
    bOverB0: ratio(b?.okPerSec, b0?.okPerSec),
    dOverD0: ratio(d?.okPerSec, d0?.okPerSec),
    // ADR 0037: the cached path against the bare node:http ceiling (n), and the uncached mix.
    aOverN: ratio(a?.reqPerSec, n?.reqPerSec),
    hOverN: ratio(h?.reqPerSec, n?.reqPerSec),
    bOverN: ratio(b?.reqPerSec, n?.reqPerSec),
    // 2xx answers only: a request shed with 503 (ADR 0030) serves nothing.
    uncachedOverB: ratio(bu?.okPerSec, b?.reqPerSec, 4),
    uncachedOverN: ratio(bu?.okPerSec, n?.reqPerSec, 4),
    uncachedOverBaseline: bu ? round(bu.okPerSec / flags.uncachedBaseline, 2) : null,
    uncachedLiteOverPostgres: ratio(cu?.okPerSec, bu?.okPerSec),
  };
  const counted = results.filter((r) => scenarios.find((s) => s.id === r.id)!.inTargets);
  const errorsTotal = counted.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  const errorsWhere = counted
    .filter((r) => r.errors + r.non2xx > 0)
    .map((r) => `(${r.id}) ${r.errors} errors (${r.timeouts} timeouts), ${r.non2xx} non-2xx`)
    .join('; ');
  const targets: TargetResult[] = [
    target(
      '(b)/(a) req/s, PostgreSQL',
      '≥ 0.20',
      ratios.bOverA,
      (v) => v >= 0.2,
      (v) => v.toFixed(3),
    ),
    target(
      `(b) p99 at ${flags.connections} connections`,
      '≤ 50 ms',
      b?.latencyMs.p99,
      (v) => v <= 50,
      (v) => `${v.toFixed(1)} ms`,
    ),
    target(
      'errors + non-2xx, (a)-(e)',
      '0',
      errorsTotal,
      (v) => v === 0,
      (v) => (errorsWhere ? `${v}: ${errorsWhere}` : String(v)),
    ),
    target(
      '(d)/(a) req/s, item by id, PostgreSQL',
      '≥ 0.30',
      ratios.dOverA,
      (v) => v >= 0.3,
      (v) => v.toFixed(3),
    ),
    target(
      `(d) p99 at ${flags.connections} connections`,
      '≤ 50 ms',
      d?.latencyMs.p99,
      (v) => v <= 50,
      (v) => `${v.toFixed(1)} ms`,
    ),
    target(
      '(b)/(b0) 2xx/s, list mix with vs without signals and ratings',
      '≥ 0.90 (≤ 10 % drop)',
      ratios.bOverB0,
      (v) => v >= 0.9,
      (v) => `${v.toFixed(3)} (${dropText(v)})`,
    ),
    target(
      '(d)/(d0) 2xx/s, item page with vs without signals and ratings',
      '≥ 0.90 (≤ 10 % drop)',
      ratios.dOverD0,
      (v) => v >= 0.9,
      (v) => `${v.toFixed(3)} (${dropText(v)})`,
    ),
    target(
      '(c)/(b) req/s, PGlite vs PostgreSQL',
      '≥ 0.3',
      ratios.cOverB,
      (v) => v >= 0.3,
      (v) => v.toFixed(3),
    ),
    target(
      "(b') uncached mix req/s vs before ADR 0037 (--uncached-baseline)",
      `≥ 4× ${flags.uncachedBaseline}`,
      ratios.uncachedOverBaseline,
      (v) => v >= 4,
      (v) => `${v.toFixed(2)}× (${fixed(bu?.okPerSec, 0)} 2xx/s)`,
    ),
    target(
      `(b') uncached mix p99 at ${flags.connections} connections`,
      '≤ 300 ms',
      bu?.latencyMs.p99,
      (v) => v <= 300,
      (v) => `${v.toFixed(1)} ms`,
    ),
    target(
      '(h)/(n) req/s, /health vs bare node:http',
      '≥ 0.50',
      ratios.hOverN,
      (v) => v >= 0.5,
      (v) => v.toFixed(3),
    ),
    target(
      '(b)/(n) req/s, cached mix vs bare node:http',
      '≥ 0.35',
      ratios.bOverN,
      (v) => v >= 0.35,
      (v) => v.toFixed(3),
    ),
  ];
  const versions = {
    node: process.version,
    postgresServer: serverVersion,
    pglite: `${packageVersion('@electric-sql/pglite')} (PostgreSQL ${pgliteVersion})`,
    fastify: packageVersion('fastify'),
    kysely: packageVersion('kysely'),
    pg: packageVersion('pg'),
    autocannon: packageVersion('autocannon'),
    argon2: packageVersion('@node-rs/argon2'),
  };
  const scaleOutRows = [
    ['GET /products mix', 'f1', 'f2'],
    ['POST /auth/login', 'g1', 'g2'],
  ].map(([label, oneId, twoId]) => {
    const single = byId(oneId as Scenario['id']);
    const double = byId(twoId as Scenario['id']);
    return [
      label,
      fixed(single?.reqPerSec, 0),
      double ? fixed(double.reqPerSec, 0) : 'skipped',
      double && single ? `${(double.reqPerSec / single.reqPerSec).toFixed(2)}×` : '—',
      `${fixed(single?.latencyMs.p99, 1)} / ${double ? fixed(double.latencyMs.p99, 1) : '—'}`,
      (single?.errors ?? 0) + (single?.non2xx ?? 0) + (double ? double.errors + double.non2xx : 0),
    ];
  });
  const scaleOutHeader = [
    'scenario',
    '1 process req/s',
    '2 processes req/s',
    '2 / 1',
    'p99 ms (1 / 2)',
    'errors + non-2xx',
  ];
  const git = gitInfo();
  const json = {
    benchmark: 'api',
    date: new Date(startedAt).toISOString(),
    tookSeconds: Math.round((Date.now() - startedAt) / 1000),
    params: { ...flags, out: undefined },
    machine: {
      ...machine,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      loadAverageDuring: loadDuring,
    },
    versions,
    git,
    sizes: {
      ...pgSide.prepared.counts,
      postgresDatabaseBytes: postgresDbBytes,
      pgliteFolderBytes: pgliteDirBytes,
      seedMs: { postgres: pgSide.prepared.seedMs, pglite: liteSide.prepared.seedMs },
    },
    scenarios: results,
    ratios,
    targets,
    queryAnatomy: anatomy,
    scaleOut: { redis: Boolean(redisUrl), twoProcessesSkipped: twoSkipped, rows: scaleOutRows },
    mix: PRODUCTS_MIX,
  };

  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'errors', 'non-2xx'];
  const rows = results.map((r) => [
    r.name,
    fixed(r.reqPerSec, 0),
    fixed(r.latencyMs.p50, 1),
    fixed(r.latencyMs.p99, 1),
    fixed(r.latencyMs.max, 0),
    r.requests,
    r.errors,
    r.non2xx,
  ]);
  console.log(`\n${consoleTable(header, rows)}\n`);
  console.log(
    consoleTable(
      ['target', 'wanted', 'measured', 'verdict'],
      targets.map((t) => [
        t.name,
        t.target,
        t.shown,
        t.met === null ? 'not measured' : t.met ? 'met' : 'NOT MET',
      ]),
    ),
  );

  console.log(`\n${consoleTable(scaleOutHeader, scaleOutRows)}`);
  console.log(
    twoSkipped ??
      `1 vs 2 API processes: load generator and servers share the ${machine.cores} cores of this machine.`,
  );
  const sumPage = anatomy.reduce((s, r) => s + r.postgres.pageMs, 0);
  const sumCount = anatomy.reduce((s, r) => s + r.postgres.countMs, 0);
  const sumPageLite = anatomy.reduce((s, r) => s + r.pglite.pageMs, 0);
  const sumCountLite = anatomy.reduce((s, r) => s + r.pglite.countMs, 0);
  const md = [
    '# API benchmark',
    '',
    `${json.date} · ${json.tookSeconds} s · commit ${git.commit}${git.changedFiles ? ` (+${git.changedFiles} uncommitted files)` : ''} · ` +
      `\`npm run bench:api -- --products ${flags.products} --services ${flags.services} --shops ${flags.shops} ` +
      `--duration ${flags.duration} --connections ${flags.connections} --warmup ${flags.warmup} --rounds ${flags.rounds}\``,
    '',
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryMB} MB; load average ${loadBefore.join(' / ')} before, ` +
      `${loadAfter.join(' / ')} after (1 / 5 / 15 min). Load generator, servers and PostgreSQL share these cores: ` +
      'absolute numbers are noisy, ratios less so.',
    '',
    `Data (each engine): ${json.sizes.products} products, ${json.sizes.services} services, ${json.sizes.shops} shops, ` +
      `${json.sizes.users} users; PostgreSQL database ${(postgresDbBytes / 2 ** 20).toFixed(0)} MB, PGlite folder ` +
      `${(pgliteDirBytes / 2 ** 20).toFixed(0)} MB; seeding + VACUUM ANALYZE ${(pgSide.prepared.seedMs / 1000).toFixed(1)} s / ` +
      `${(liteSide.prepared.seedMs / 1000).toFixed(1)} s (in parallel).`,
    '',
    `Versions: ${Object.entries(versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
    `## Results (${flags.rounds} interleaved rounds × ${flags.duration} s per scenario, ${flags.connections} connections)`,
    '',
    markdownTable(header, rows),
    '',
    `Ratios: (b)/(a) = **${ratios.bOverA}** (list mix), (d)/(a) = **${ratios.dOverA}** (item by id; p99 ${fixed(d?.latencyMs.p99, 1)} ms vs ${fixed(b?.latencyMs.p99, 1)} ms for the mix), (c)/(b) = **${ratios.cOverB}**.`,
    '',
    b && b0 && d && d0
      ? `With vs without the scam signals and ratings (ADR 0034; target ≤ 10 % drop): list mix (b)/(b0) = **${ratios.bOverB0}** ` +
        `(${dropText(ratios.bOverB0)}; ${fixed(b.okPerSec, 0)} vs ${fixed(b0.okPerSec, 0)} 2xx/s), item page (d)/(d0) = **${ratios.dOverD0}** ` +
        `(${dropText(ratios.dOverD0)}; ${fixed(d.okPerSec, 0)} vs ${fixed(d0.okPerSec, 0)} 2xx/s). Per round: ` +
        pairRounds(b, b0, d, d0) +
        '.'
      : 'With vs without the scam signals and ratings: not measured (left out by --only).',
    '',
    `Against the bare node:http ceiling (n): (a)/(n) = **${ratios.aOverN}** (bare Fastify), (h)/(n) = **${ratios.hOverN}** (/health), ` +
      `(b)/(n) = **${ratios.bOverN}** (cached mix). Uncached mix (b'): **${fixed(bu?.okPerSec, 0)} 2xx/s** ` +
      `(${fixed(bu?.reqPerSec, 0)} req/s), p99 ${fixed(bu?.latencyMs.p99, 1)} ms; ` +
      `(b')/(b) = ${ratios.uncachedOverB ?? '—'}, (b')/(n) = ${ratios.uncachedOverN ?? '—'}, ${ratios.uncachedOverBaseline ?? '—'}× the ` +
      `${flags.uncachedBaseline} req/s before ADR 0037; PGlite (c'): ${fixed(cu?.okPerSec, 0)} 2xx/s (${fixed(cu?.reqPerSec, 0)} req/s), p99 ${fixed(cu?.latencyMs.p99, 1)} ms ` +
      `((c')/(b') = ${ratios.uncachedLiteOverPostgres ?? '—'}).`,
    '',
    '## Targets (ADRs 0034, 0037 and 0044; reported, not asserted)',
    '',
    targetsTable(targets),
    '',
    '## Per round',
    '',
    markdownTable(
      ['scenario', 'round', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
      results.flatMap((r) =>
        r.slices.map((s) => [
          r.name,
          s.round,
          fixed(s.reqPerSec, 0),
          fixed(s.p50, 1),
          fixed(s.p99, 1),
          s.errors,
          s.non2xx,
        ]),
      ),
    ),
    '',
    '## 1 vs 2 API processes',
    '',
    `The compiled server (\`api/dist/server.js\`, as under \`npm start\`) as one process and with WEB_CONCURRENCY=2 ` +
      `(two node:cluster workers behind one port), both on the PostgreSQL database above${redisUrl ? ' and REDIS_URL' : ''}, ` +
      `loaded in the same interleaved rounds (${flags.connections} connections). **The load generator (autocannon, one ` +
      `process) and the servers share the ${machine.cores} cores of this machine**, with PostgreSQL${redisUrl ? ' and Redis' : ''}: ` +
      'a second API process competes with them for the same cores, so this shows what a second process gives on one ' +
      'small machine, not what a second machine gives.',
    '',
    ...(twoSkipped ? [`**2 processes skipped:** ${twoSkipped}.`, ''] : []),
    markdownTable(scaleOutHeader, scaleOutRows),
    '',
    '## Query anatomy: page query vs count, alone (median of 3, ms)',
    '',
    'What one request of the mix costs the database with a cold totals cache (the route runs both in parallel; ' +
      "with a cached total only the page query runs). The count is the route's (ADR 0037): exact up to " +
      `${EXACT_COUNT_LIMIT} matches, else at most ${EXACT_COUNT_LIMIT + 1} rows read and the planner's estimate ` +
      '(matches above it are estimates). Trigram rows include the full-text attempt that found nothing.',
    '',
    markdownTable(
      ['query', 'mode', 'matches', 'PG page', 'PG count', 'PGlite page', 'PGlite count'],
      anatomy.map((r) => [
        r.label,
        r.postgres.mode,
        r.postgres.total,
        fixed(r.postgres.pageMs, 1),
        fixed(r.postgres.countMs, 1),
        fixed(r.pglite.pageMs, 1),
        fixed(r.pglite.countMs, 1),
      ]),
    ),
    '',
    `Sum over the ${anatomy.length} distinct queries: PostgreSQL page ${sumPage.toFixed(0)} ms vs count ${sumCount.toFixed(0)} ms; ` +
      `PGlite page ${sumPageLite.toFixed(0)} ms vs count ${sumCountLite.toFixed(0)} ms.`,
    '',
    '## How it was measured',
    '',
    '- Each server runs in its own Node process; autocannon runs in the benchmark process. Latencies are recorded ' +
      'from every response and merged across rounds (exact p50/p99, not averaged percentiles).',
    `- The mix rotates over ${PRODUCTS_MIX.length} requests (see \`PRODUCTS_MIX\` in bench/api.ts and \`mix\` in api.json); ` +
      '(d) rotates over 1000 product ids; each request counts a view in memory, written in batches every ENGAGEMENT_FLUSH_MS (docs/product.md §20.10, ADR 0020), and the detail is served from the response cache like the lists.',
    "- (b') is not in the issue: the same mix with a unique `minPrice` offset of a millionth of a shilling per request " +
      'so every request misses the response cache and the totals cache (what the route costs when every request ' +
      'runs the page query and the exact count).',
    '- (b) and (c) rotate over the distinct requests of the mix, so after the first miss they are answered from the ' +
      "API's response cache (10 s fresh + 10 s stale-while-revalidate, one load per key at a time); the notes say how " +
      'many requests reached the database.',
    '- (e) logs in one verified account; RATE_LIMIT_FACTOR raises the login limits for the run (argon2id verify bound).',
    '- (b0) and (d0) run (b) and (d) against a second API process on the same database whose queries drop the trust ' +
      "lookups (the Kysely plugin `WithoutTrustLookups`, bench/lib/without-trust-lookups.ts: no owner's rating on cards " +
      'and items, no scam-signal sub-select on items, so the read-time filter has no signal to filter). The data has ' +
      'ratings on 3 of 4 users and stored signals on 1 of 8 listings. Each runs next to its pair, after it in odd rounds and ' +
      'before it in even rounds; the ratios count 2xx answers (a request shed with 503 serves nothing).',
    '',
    '## Notes',
    '',
    ...notes(results, loadBefore, loadAfter, loadDuring, machine.cores).map((line) => `- ${line}`),
    '',
  ].join('\n');
  const written = writeResults(flags.out, 'api', md, json);
  log(`wrote ${written.join(', ')} in ${json.tookSeconds} s`);
}

await runBenchmark('bench:api', USAGE, main);
