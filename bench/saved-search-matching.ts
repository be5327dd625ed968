/**
 * Saved-search matching at scale (docs/product.md §30, ADR 0035 "Indexed terms"): with
 * `--searches` saved searches (default 100 000, the mix below) it
 *
 * 1. lists `--listings` new products (default 200) and runs the matcher over them, reporting
 *    listings matched per second, matches per listing and the CPU per listing — of this process
 *    (PGlite runs in it) and, on PostgreSQL, of the server backends of the bench's database
 *    (read from /proc);
 * 2. serves the list routes from the real app (`buildApp`, NODE_ENV production) on that database
 *    and measures `GET /api/v1/products` (a mix of 24 list URLs, response cache on, as in
 *    production) with autocannon in its own process, in interleaved slices: without matching;
 *    with matching at `--rate` listings an hour (default 1 000, the target); and with matching
 *    flat out (a new listing as soon as the previous one is matched: the worst case). The ratio
 *    to the slices without matching is the slowdown (target ≤ 10 %).
 *
 * PGlite in memory, and PostgreSQL when DATABASE_URL is set (a throwaway database is created on
 * that server and dropped at the end); `--engines postgres` runs one of them. Writes bench/results/saved-searches.{json,md}
 * with `--write`. The mix: 10 000 students; 40 % one word, 15 % two words, 15 % a course code
 * (half with the textbooks category), 10 % words + category + price band, 10 % category + price
 * band (some with campus or condition), 5 % a word + verified-only or campus, 5 % a typo; words
 * drawn Zipf-like from 150 product words and brands, codes from 400; a new product has 2-4 of
 * those words in its title and a few in its description (20 % are textbooks with course codes).
 * A short run: `npx tsx bench/saved-search-matching.ts --searches 2000 --listings 20 --slice 3 --rounds 1`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PRODUCT_CATEGORIES, PRODUCT_CONDITIONS } from '@campus/shared/constants';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { createDatabase, type DatabaseHandle } from '../api/src/db/database.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import type { Database } from '../api/src/db/schema.ts';
import { ALERT_QUEUES } from '../api/src/saved-searches/alerts.ts';
import { writeSearchTerms } from '../api/src/saved-searches/repository.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    searches: { type: 'string', default: '100000' },
    listings: { type: 'string', default: '200' },
    rate: { type: 'string', default: '1000' },
    slice: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    products: { type: 'string', default: '5000' },
    write: { type: 'boolean', default: false },
    engines: { type: 'string', default: 'pglite,postgres' },
  },
});
const SEARCHES = Number(values.searches);
const LISTINGS = Number(values.listings);
const RATE = Number(values.rate);
const SLICE = Number(values.slice);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);
const BASE_PRODUCTS = Number(values.products);
const STUDENTS = Math.max(10, Math.min(10_000, Math.ceil(SEARCHES / 10)));

// biome-ignore format: a word list
const WORDS = ['laptop', 'phone', 'fridge', 'calculator', 'textbook', 'mattress', 'chair', 'desk', 'kettle', 'bicycle', 'hp', 'dell', 'lenovo', 'samsung', 'iphone', 'tecno', 'infinix', 'macbook', 'thinkpad', 'elitebook', 'charger', 'earphones', 'headphones', 'speaker', 'bluetooth', 'microwave', 'cooker', 'blender', 'iron', 'shoes', 'sneakers', 'jacket', 'hoodie', 'jeans', 'dress', 'bag', 'backpack', 'watch', 'tv', 'television', 'monitor', 'keyboard', 'mouse', 'printer', 'router', 'guitar', 'piano', 'ps4', 'ps5', 'xbox', 'controller', 'dumbbells', 'yoga', 'mat', 'bed', 'table', 'shelf', 'curtains', 'blanket', 'duvet', 'pillow', 'lamp', 'fan', 'heater', 'gas', 'cylinder', 'meko', 'sufuria', 'plates', 'cups', 'novel', 'notes', 'revision', 'chemistry', 'physics', 'biology', 'calculus', 'statistics', 'economics', 'accounting', 'law', 'anatomy', 'programming', 'python', 'java', 'engineering', 'drawing', 'lab', 'coat', 'goggles', 'scientific', 'graphing', 'casio', 'used', 'new', 'cheap', 'mini', 'portable', 'wireless', 'smart', 'original', 'second', 'hand', 'tablet', 'ipad', 'kindle', 'camera', 'tripod', 'flash', 'disk', 'ssd', 'ram', 'powerbank', 'cable', 'adapter', 'extension', 'socket', 'bulb', 'mirror', 'hanger', 'bucket', 'basin', 'jerrycan', 'thermos', 'flask', 'kitanda', 'godoro', 'simu', 'friji', 'nguo', 'kiatu', 'meza', 'kiti', 'scooter', 'helmet', 'skateboard', 'ball', 'football', 'jersey', 'boots', 'tent', 'umbrella', 'perfume', 'lotion', 'wig', 'hair', 'dryer', 'straightener', 'makeup', 'nails', 'sofa', 'stool', 'rack', 'drawer', 'wardrobe'];
const FILLER = [
  'in',
  'good',
  'condition',
  'barely',
  'works',
  'well',
  'selling',
  'because',
  'moving',
  'out',
  'of',
  'hostel',
  'pick',
  'up',
  'at',
  'campus',
  'gate',
  'price',
  'negotiable',
  'original',
  'box',
  'included',
];
const CODE_PREFIXES = ['SCH', 'PHY', 'MAT', 'CSC', 'BIO', 'ECO', 'ACC', 'LAW', 'ENG', 'HIS'];
const UNIVERSITIES = [
  'University of Nairobi',
  'Kenyatta University',
  'Strathmore University',
  'Moi University',
];

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
/** Zipf-like: low indexes far more often. */
const zipf = <T>(list: readonly T[]) => list[Math.floor(list.length * random() ** 1.6)] as T;
const code = () =>
  `${zipf(CODE_PREFIXES)}${1000 + Math.floor(zipf(Array.from({ length: 40 }, (_, i) => i)) * 97)}`;
const typo = (word: string) => {
  if (word.length < 5) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  return `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
};
const price = () => Math.round(200 * 400 ** random());

/** One saved search's filters from the mix (see the module comment). */
function savedFilters(): Record<string, unknown> {
  const r = random();
  if (r < 0.4) return { search: zipf(WORDS) };
  if (r < 0.55) return { search: `${zipf(WORDS)} ${zipf(WORDS)}` };
  if (r < 0.7)
    return random() < 0.5 ? { course: code() } : { course: code(), category: PRODUCT_CATEGORIES[0] };
  if (r < 0.8) return { search: zipf(WORDS), category: pick(PRODUCT_CATEGORIES), maxPrice: price() };
  if (r < 0.9) {
    const band = price();
    return {
      category: pick(PRODUCT_CATEGORIES),
      minPrice: Math.round(band / 4),
      maxPrice: band,
      ...(random() < 0.3 ? { university: pick(UNIVERSITIES) } : {}),
      ...(random() < 0.2 ? { condition: pick(PRODUCT_CONDITIONS) } : {}),
    };
  }
  if (r < 0.95)
    return random() < 0.5
      ? { search: zipf(WORDS), verifiedOnly: true }
      : { search: zipf(WORDS), university: pick(UNIVERSITIES) };
  return { search: typo(zipf(WORDS)) };
}

/** A new product's row: 2-4 words of the list in its title, a dozen in its description. */
function productRow(sellerId: string, suffix: string) {
  const textbook = random() < 0.2;
  const title = Array.from({ length: 2 + Math.floor(random() * 3) }, () => zipf(WORDS)).join(' ');
  const description = Array.from({ length: 12 }, () => (random() < 0.15 ? zipf(WORDS) : pick(FILLER))).join(
    ' ',
  );
  return {
    seller_id: sellerId,
    title: `${title} ${suffix}`,
    description,
    price: price(),
    category: textbook ? (PRODUCT_CATEGORIES[0] as string) : pick(PRODUCT_CATEGORIES),
    condition: pick(PRODUCT_CONDITIONS),
    course_codes: textbook ? [code(), ...(random() < 0.3 ? [code()] : [])] : [],
  };
}

/** A throwaway database on the DATABASE_URL server, dropped by the returned function. */
async function throwawayPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `campus_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** CPU seconds (user + system) of each PostgreSQL backend of this database, by pid, from /proc. */
async function backendCpu(db: Kysely<Database>): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // not on this machine, or gone
    }
  }
  return out;
}

/** CPU seconds the backends used between two readings (a backend new since `before` counts whole). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

const cpuSeconds = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1e6;

async function seed_(db: Kysely<Database>): Promise<{ userIds: string[]; seconds: number }> {
  const started = Date.now();
  const userIds: string[] = [];
  for (let done = 0; done < STUDENTS; done += 1_000) {
    const rows = await db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1_000, STUDENTS - done) }, (_, j) => {
          const i = done + j;
          return {
            email: `bench-${i}@students.example.ac.ke`,
            first_name: 'Bench',
            last_name: 'Student',
            whatsapp: `2547${String(i).padStart(8, '0')}`,
            university: pick(UNIVERSITIES),
            verified_student: random() < 0.5,
            password_hash: null,
          };
        }),
      )
      .returning('id')
      .execute();
    userIds.push(...rows.map((row) => row.id));
  }
  for (let done = 0; done < SEARCHES; done += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, SEARCHES - done) }, () => ({
      user_id: pick(userIds),
      kind: 'products' as const,
      name: 'bench',
      filters: JSON.stringify(savedFilters()),
      alert: pick(['instant', 'daily', 'off'] as const),
    }));
    const inserted = await db.transaction().execute(async (trx) => {
      const ids = await trx
        .insertInto('saved_searches')
        .values(rows)
        .returning(['id', 'kind', 'filters'])
        .execute();
      await writeSearchTerms(trx, ids);
      return ids.length;
    });
    if (inserted === 0) break;
  }
  for (let done = 0; done < BASE_PRODUCTS; done += 1_000) {
    await db
      .insertInto('products')
      .values(
        Array.from({ length: Math.min(1_000, BASE_PRODUCTS - done) }, (_, j) =>
          productRow(pick(userIds), `#${done + j}`),
        ),
      )
      .execute();
  }
  await sql`ANALYZE`.execute(db);
  return { userIds, seconds: (Date.now() - started) / 1000 };
}

/** Lists `count` new products (straight into the table) and queues them for the matcher. */
async function newListings(db: Kysely<Database>, userIds: string[], count: number, tag: string) {
  const rows = await db
    .insertInto('products')
    .values(Array.from({ length: count }, (_, i) => productRow(pick(userIds), `${tag}-${i}`)))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

interface LoadResult {
  requests: number;
  seconds: number;
  reqPerSec: number;
  okPerSec: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

function load(origin: string, urls: string[]): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'lib/list-load.ts')], {
      env: {
        ...process.env,
        BENCH_ORIGIN: origin,
        BENCH_URLS: JSON.stringify(urls),
        BENCH_SECONDS: String(SLICE),
        BENCH_CONNECTIONS: String(CONNECTIONS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`load generator exited ${code}`);
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as LoadResult);
      } catch (error) {
        reject(error);
      }
    });
  });
}

const LIST_URLS = [
  '/api/v1/products',
  '/api/v1/products?page=2',
  '/api/v1/products?page=3',
  '/api/v1/products?sort=price_asc',
  '/api/v1/products?sort=price_desc',
  '/api/v1/products?sort=most_viewed',
  ...PRODUCT_CATEGORIES.slice(0, 6).map(
    (category) => `/api/v1/products?category=${encodeURIComponent(category)}`,
  ),
  ...['laptop', 'phone', 'fridge', 'chair', 'textbook', 'shoes'].map(
    (word) => `/api/v1/products?search=${word}`,
  ),
  '/api/v1/products?maxPrice=5000',
  '/api/v1/products?minPrice=1000&maxPrice=20000',
  '/api/v1/products?condition=good',
  '/api/v1/products?verifiedOnly=true',
  '/api/v1/products?university=Kenyatta%20University',
  '/api/v1/products?search=laptop&category=Electronics',
];

async function run(engine: 'pglite' | 'postgres') {
  const pgDb = engine === 'postgres' ? await throwawayPostgres(process.env.DATABASE_URL as string) : null;
  const handle: DatabaseHandle = await createDatabase(
    pgDb ? { engine: 'postgres', url: pgDb.url } : { engine: 'pglite', dataDir: null },
  );
  const { db } = handle;
  await migrateToLatest(db);
  const seeded = await seed_(db);
  const { count: terms } = await db
    .selectFrom('saved_search_terms')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  console.log(
    `[${engine}] ${SEARCHES} saved searches (${terms} terms) seeded in ${seeded.seconds.toFixed(1)} s`,
  );

  const app: FastifyInstance = await buildApp(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
      PUBLIC_URL: 'http://127.0.0.1',
      SERVE_STATIC: '0',
      RATE_LIMIT_FACTOR: '100000',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: pgDb ? pgDb.url : 'memory://',
    }),
    { database: handle, savedSearchAlerts: { pollMs: 3_600_000 } },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // 1. Throughput: LISTINGS new products matched in one drain.
  // Queued as match jobs without waking the worker (it polls hourly here): the drain runs them.
  const ids = await newListings(db, seeded.userIds, LISTINGS, 'new');
  const due = new Date().toISOString();
  await app.jobs.boss.insert(
    ids.map((id) => ({ name: ALERT_QUEUES.match, data: { kind: 'products', id, due } })),
  );
  const before = await db
    .selectFrom('saved_search_matches')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const serverBefore = pgDb ? await backendCpu(db) : new Map<number, number>();
  const cpu = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await app.savedSearchAlerts.drain();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const ownCpu = cpuSeconds(process.cpuUsage(cpu));
  const serverCpu = pgDb ? cpuBetween(serverBefore, await backendCpu(db)) : 0;
  const after = await db
    .selectFrom('saved_search_matches')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const matching = {
    listings: LISTINGS,
    seconds: Number(seconds.toFixed(2)),
    listingsPerSecond: Number((LISTINGS / seconds).toFixed(1)),
    matchesPerListing: Number(((Number(after.count) - Number(before.count)) / LISTINGS).toFixed(1)),
    cpuMsPerListing: Number(((1000 * (ownCpu + serverCpu)) / LISTINGS).toFixed(1)),
    processCpuMsPerListing: Number(((1000 * ownCpu) / LISTINGS).toFixed(1)),
    serverCpuMsPerListing: pgDb ? Number(((1000 * serverCpu) / LISTINGS).toFixed(1)) : null,
    /** Share of one core the matching takes at RATE listings an hour (the steady cost). */
    coreShareAtRate: Number(((ownCpu + serverCpu) / LISTINGS / (3600 / RATE)).toFixed(4)),
  };
  console.log(`[${engine}] matching`, JSON.stringify(matching));

  // 2. The list routes without matching, with matching at RATE an hour, and flat out.
  let feeding: 'off' | 'rate' | 'flat' | 'stop' = 'off';
  let fed = 0;
  const feeder = (async () => {
    for (;;) {
      if (feeding === 'off') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      if (feeding === 'stop') return;
      const started = Date.now();
      const [id] = await newListings(db, seeded.userIds, 1, `feed-${fed}`);
      await app.savedSearchAlerts.listingLive('products', id as string);
      await app.savedSearchAlerts.drain();
      fed += 1;
      if (feeding === 'rate') {
        const wait = 3_600_000 / RATE - (Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      } else {
        // Flat out, but let the requests' I/O in between (a listing write also arrives as I/O).
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  })();
  const slices: { mode: string; result: LoadResult; listingsMatched: number }[] = [];
  await load(origin, LIST_URLS); // warm-up: the response cache fills
  for (let round = 0; round < ROUNDS; round++) {
    // The order turns each round, so no mode always follows the same one.
    const modes = (['off', 'rate', 'flat'] as const).map(
      (_, i, all) => all[(i + round) % all.length] as 'off',
    );
    for (const mode of modes as ('off' | 'rate' | 'flat')[]) {
      feeding = mode;
      const fedBefore = fed;
      const result = await load(origin, LIST_URLS);
      feeding = 'off';
      slices.push({ mode, result, listingsMatched: fed - fedBefore });
      console.log(
        `[${engine}] list slice ${mode}: ${result.okPerSec.toFixed(0)} 2xx/s of ${result.reqPerSec.toFixed(0)} req/s, p99 ${result.p99Ms} ms, ${fed - fedBefore} listings matched`,
      );
    }
  }
  feeding = 'stop';
  await Promise.race([feeder, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  const summary = (mode: string) => {
    const mine = slices.filter((slice) => slice.mode === mode);
    const requests = mine.reduce((sum, slice) => sum + slice.result.requests, 0);
    const time = mine.reduce((sum, slice) => sum + slice.result.seconds, 0);
    const ok = mine.reduce((sum, slice) => sum + slice.result.okPerSec * slice.result.seconds, 0);
    return {
      /** 2xx answers per second: the ratios compare these (a shed request answers 503 fast). */
      okPerSec: Number((ok / time).toFixed(0)),
      reqPerSec: Number((requests / time).toFixed(0)),
      p99Ms: Math.max(...mine.map((slice) => slice.result.p99Ms)),
      errors: mine.reduce((sum, slice) => sum + slice.result.errors + slice.result.non2xx, 0),
      listingsMatchedPerHour: Math.round(
        (3600 * mine.reduce((sum, slice) => sum + slice.listingsMatched, 0)) / time,
      ),
    };
  };
  const off = summary('off');
  const rate = summary('rate');
  const flat = summary('flat');
  const lists = {
    withoutMatching: off,
    withMatchingAtRate: { ...rate, ratio: Number((rate.okPerSec / off.okPerSec).toFixed(3)) },
    withMatchingFlatOut: { ...flat, ratio: Number((flat.okPerSec / off.okPerSec).toFixed(3)) },
  };
  await app.close();
  await pgDb?.drop();
  return { engine, terms: Number(terms), seedSeconds: Number(seeded.seconds.toFixed(1)), matching, lists };
}

const startedAt = new Date();
const loadBefore = loadavg();
const engines = (['pglite', 'postgres'] as const).filter(
  (engine) => values.engines.split(',').includes(engine) && (engine === 'pglite' || process.env.DATABASE_URL),
);
const results = [];
for (const engine of engines) results.push(await run(engine));
const report = {
  date: startedAt.toISOString(),
  command: `npx tsx bench/saved-search-matching.ts ${process.argv.slice(2).join(' ')}`.trim(),
  machine: { cores: cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: loadavg() },
  savedSearches: SEARCHES,
  students: STUDENTS,
  baseProducts: BASE_PRODUCTS,
  ratePerHour: RATE,
  sliceSeconds: SLICE,
  rounds: ROUNDS,
  connections: CONNECTIONS,
  results,
};
console.log(JSON.stringify(report, null, 2));
if (values.write) {
  const dir = join(here, 'results');
  // One engine alone (`--engines postgres`) writes beside the two-engine run, not over it.
  const name = engines.length === 1 ? `saved-searches-${engines[0]}` : 'saved-searches';
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const rows = results.map((r) =>
    [
      r.engine,
      r.matching.listingsPerSecond,
      r.matching.matchesPerListing,
      r.matching.cpuMsPerListing,
      r.matching.serverCpuMsPerListing ?? '–',
      `${(100 * r.matching.coreShareAtRate).toFixed(2)} %`,
      `${r.lists.withoutMatching.okPerSec} (${r.lists.withoutMatching.errors} not 2xx)`,
      `${r.lists.withMatchingAtRate.okPerSec} (${r.lists.withMatchingAtRate.ratio}; ${r.lists.withMatchingAtRate.errors} not 2xx)`,
      `${r.lists.withMatchingFlatOut.okPerSec} (${r.lists.withMatchingFlatOut.ratio}, ${r.lists.withMatchingFlatOut.listingsMatchedPerHour}/h; ${r.lists.withMatchingFlatOut.errors} not 2xx)`,
    ].join(' | '),
  );
  writeFileSync(
    join(dir, `${name}.md`),
    `# Saved-search matching\n\n${report.date} · \`${report.command}\`\n\n` +
      `Machine: ${report.machine.cores} cores; load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before, ` +
      `${report.machine.loadAverageAfter.map((n) => n.toFixed(1)).join(' / ')} after. Shared with other sessions: absolute numbers are noisy.\n\n` +
      `${SEARCHES} saved searches of ${STUDENTS} students (the mix of the script's comment), ${BASE_PRODUCTS} products listed before; ` +
      `list load: autocannon, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds × ${SLICE} s per mode, 24 list URLs (response cache on); ` +
      'ratios compare 2xx answers per second: under pressure the load shedding answers API reads 503 (ADR 0030), fast.\n\n' +
      '| engine | listings matched/s | matches/listing | CPU ms/listing (total) | of it PostgreSQL ms | core share at ' +
      `${RATE}/h | list 2xx/s without matching | with matching at ${RATE}/h (ratio) | with matching flat out (ratio, listings/h) |\n` +
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n' +
      `${rows.map((row) => `| ${row} |`).join('\n')}\n`,
  );
}
