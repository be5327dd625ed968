/**
 * `npm run bench:web` — page weight and speed benchmark (docs/product.md §23.9). Not a test: it reports numbers,
 * asserts nothing.
 *
 * 1. Builds the stale production bundles (`node scripts/build-if-stale.mjs`) and the single-bundle
 *    variant (bench/single-bundle/rspack.config.ts → bench/.work/single-bundle) when older than them.
 * 2. Starts the site like `npm start` (scripts/start.mjs; temp DATA_DIR so the embedded database
 *    gets the demo data; free PORT; DATABASE_URL removed), the same commit client-rendered, and a
 *    small server for the single bundle that proxies /api and /uploads to the site
 *    (bench/lib/single-bundle-server.ts). Signs up, verifies
 *    (the outbox mail's link) and logs in one account for /app.
 * 3. In Chromium (Playwright, /usr/bin/chromium, a phone-sized fresh context per load = empty
 *    cache) cold-loads each page on both variants, interleaved, and records from the DevTools
 *    protocol: requests, bytes on the wire per type, JS gzip -9 / brotli q11 sizes, library copies,
 *    time to the first listing card.
 * 4. Runs Lighthouse (mobile preset, then the CPU slowdown calibrated to this machine) several
 *    times on each Lighthouse page of both renderings: median and spread of score, LCP, TBT, CLS,
 *    total byte weight.
 * 5. Loads the slow pages on a throttled slow phone (both renderings), then a warm repeat visit
 *    of /products with the service worker; stops the servers by PID.
 * 6. Prints and writes `<out>/web.md` and `web.json` (default out: bench/results) with the
 *    targets as met / not met.
 *
 * `main()` runs these steps in order: `build`, `serve`, `measureColdLoads`, `runLighthousePasses`,
 * `measureSlowPhoneLoads`, `measureWarmRepeats`, `report`.
 *
 * Flags: --pages "/,/products,/services,/auth?mode=register,/app" --loads 3 (cold loads per page
 * and variant) --runs 5 (Lighthouse runs per page) --lighthouse-pages "/,/products"
 * --skip-lighthouse --out DIR
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { BUILD_STAMP, FRONTENDS } from '../scripts/build-if-stale.mjs';
import { calibratedCpuMultiplier, type LighthouseRun, runLighthouse } from './lib/lighthouse.ts';
import { fromCaller, gitInfo, loadAverage, machineInfo, packageVersion, ROOT } from './lib/machine.ts';
import {
  BYTE_TYPES,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  COPY_MARKERS,
  type CopyName,
  type LoadResult,
  measureLoad,
  PHONE,
} from './lib/network.ts';
import { freePort, getApiJson, onCleanup, runBenchmark, startProcess } from './lib/processes.ts';
import {
  benchFlags,
  consoleTable,
  intFlag,
  kb,
  markdownTable,
  type TargetResult,
  target,
  targetsTable,
  writeResults,
} from './lib/report.ts';
import { scrubbedEnv, startSite } from './lib/site.ts';
import {
  measureSlowPhone,
  measureWarmRepeat,
  SLOW_PHONE,
  type SlowPhoneLoad,
  type WarmRepeat,
} from './lib/slow-phone.ts';
import { median, round, type Spread, spread } from './lib/stats.ts';

const USAGE =
  'Usage: npm run bench:web -- [--pages "/,/products,/services,/auth?mode=register,/app"] [--loads 3] ' +
  '[--runs 5] [--lighthouse-pages "/,/products,item"] [--skip-lighthouse] ' +
  '[--slow-pages "/,/products,/services,/contact,item"] [--slow-loads 3] ' +
  "[--renderings server-rendered,client-rendered] [--out bench/results]   (item = the first product's page)";

const DEFAULT_PAGES = ['/', '/products', '/services', '/contact', '/auth', '/auth?mode=register', '/app'];
/** Pages whose cold JS (brotli) has the 200 KB budget (docs/product.md §23.9, ADR 0032). */
const JS_BUDGET_PAGES = ['/products', '/contact', '/auth', '/auth?mode=register', '/app'];
/** Pages whose time to usable has the 5 s target on the slow phone (ADR 0032). */
const USABLE_PAGES = ['/products', '/services', '/contact'];
/** Pages whose first listing card is timed (they show product or service cards). */
const CARD_PAGES = new Set(['/', '/products', '/services']);
/** Stands for the first product's item page in --lighthouse-pages and --slow-pages. */
const ITEM_PAGE = 'item';
/** Serving variants of the same commit (docs/product.md §23 item 9d): SERVER_RENDERING on and off. */
type Rendering = 'server-rendered' | 'client-rendered';
const ALL_RENDERINGS: Rendering[] = ['server-rendered', 'client-rendered'];
/** The page the issue's budgets are about. */
const BUDGET_PAGE = '/products';
/** Where the single-bundle build goes (single-bundle/rspack.config.ts SINGLE_BUNDLE_DIR; SINGLE_BUNDLE_OUT overrides). */
const SINGLE_DIR = path.resolve(
  process.env.SINGLE_BUNDLE_OUT || path.join(ROOT, 'bench/.work/single-bundle'),
);
type Variant = 'composed' | 'single';

/** Median over the cold loads of one page and variant (the first load's file list). */
export interface PageSummary
  extends Pick<
    LoadResult,
    | 'requests'
    | 'failed'
    | 'non2xx'
    | 'js'
    | 'copies'
    | 'duplicateJs'
    | 'firstCardMs'
    | 'jsFiles'
    | 'imageFiles'
  > {
  page: string;
  variant: Variant;
  loads: number;
  wireBytes: Record<string, number>;
  requestsByType: Record<string, number>;
  firstCardRunsMs: (number | null)[];
}

type LighthousePreset = 'mobile preset' | 'calibrated';

/** Median over the slow-phone cold loads of one page and rendering. */
export interface SlowPhoneSummary {
  page: string;
  rendering: Rendering;
  loads: number;
  fcpMs: number | null;
  firstCardMs: number | null;
  interactiveMs: number | null;
  /** Time to usable: what a student touches first answers (median, ms; `SlowPhoneLoad.usableMs`). */
  usableMs: number | null;
  /** The page's first control is React's (median, ms; `SlowPhoneLoad.reactMs`). */
  reactMs: number | null;
  /** The host's shell live (median, ms; `SlowPhoneLoad.hydratedMs`). */
  hydratedMs: number | null;
  fullyLoadedMs: number | null;
  interactiveControl: string;
  /** Long tasks' time over 50 ms between first paint and interactive (median, ms). */
  blockingMs: number | null;
  /** Longest main-thread task in that window (median, ms). */
  longestTaskMs: number | null;
  runs: SlowPhoneLoad[];
}

export interface LighthouseSummary {
  page: string;
  /** Which serving and which CPU slowdown (set for every summary of this benchmark). */
  rendering?: Rendering;
  preset?: LighthousePreset;
  runs: number;
  score: Spread;
  lcpMs: Spread;
  tbtMs: Spread;
  cls: Spread;
  fcpMs: Spread;
  speedIndexMs: Spread;
  totalByteWeight: Spread;
  /**
   * Share of the renderer main thread's long-task wall time spent on a CPU, and Lighthouse's TBT
   * with the waits taken out of the trace (`bench/lib/main-thread-waits.ts`); calibrated runs
   * only, else null.
   */
  mainThreadOnCpu: Spread | null;
  tbtWithoutWaitsMs: Spread | null;
  /** LCP elements and top layout shifts as Lighthouse named them (distinct over the runs). */
  lcpElements: string[];
  layoutShifts: string[];
  warnings: string[];
}

function parseFlags() {
  const values = benchFlags(
    {
      pages: { type: 'string' },
      loads: { type: 'string' },
      runs: { type: 'string' },
      'lighthouse-pages': { type: 'string' },
      'skip-lighthouse': { type: 'boolean', default: false },
      'slow-pages': { type: 'string' },
      'slow-loads': { type: 'string' },
      renderings: { type: 'string' },
    },
    USAGE,
  );
  const list = (value: string | undefined, fallback: string[]) =>
    value === undefined
      ? fallback
      : value
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
  const pages = list(values.pages, DEFAULT_PAGES);
  for (const page of pages)
    if (!page.startsWith('/')) throw new Error(`--pages: '${page}' must start with /`);
  const renderings = list(values.renderings, ALL_RENDERINGS);
  for (const rendering of renderings)
    if (!ALL_RENDERINGS.includes(rendering as Rendering))
      throw new Error(`--renderings: '${rendering}' is not one of ${ALL_RENDERINGS.join(', ')}`);
  return {
    pages,
    loads: intFlag('loads', values.loads, 3, 1),
    runs: intFlag('runs', values.runs, 5, 1),
    lighthousePages: list(values['lighthouse-pages'], ['/', '/products', ITEM_PAGE]),
    slowPages: list(values['slow-pages'], ['/', '/products', '/services', '/contact', ITEM_PAGE]),
    /** Servings measured by Lighthouse and the slow phone (both unless `--renderings`). */
    renderings: renderings as Rendering[],
    slowLoads: intFlag('slow-loads', values['slow-loads'], 3, 1),
    skipLighthouse: values['skip-lighthouse'],
    out: fromCaller(values.out ?? path.join(ROOT, 'bench/results')),
  };
}

const began = Date.now();
const log = (message: string) =>
  console.log(`[bench:web +${((Date.now() - began) / 1000).toFixed(0)}s] ${message}`);

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Builds stale bundles, then the single bundle when older than any of the four builds. */
function build(): { composedSeconds: number; singleSeconds: number; singleRebuilt: boolean } {
  let started = Date.now();
  const composed = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (composed.status !== 0) throw new Error(`build-if-stale failed (exit ${composed.status})`);
  const composedSeconds = (Date.now() - started) / 1000;
  started = Date.now();
  const newestBuild = Math.max(...FRONTENDS.map((pkg) => mtime(path.join(ROOT, pkg, 'dist', BUILD_STAMP))));
  const singleRebuilt = mtime(path.join(SINGLE_DIR, BUILD_STAMP)) <= newestBuild;
  if (singleRebuilt) {
    log('building the single bundle (bench/single-bundle/rspack.config.ts)…');
    const single = spawnSync(
      'npx',
      [
        'rspack',
        'build',
        '-c',
        path.join(ROOT, 'bench/single-bundle/rspack.config.ts'),
        '--mode',
        'production',
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SINGLE_BUNDLE_OUT: SINGLE_DIR } },
    );
    if (single.status !== 0) throw new Error(`single-bundle build failed (exit ${single.status})`);
    writeFileSync(path.join(SINGLE_DIR, BUILD_STAMP), new Date().toISOString());
  } else log('single bundle is up to date');
  return { composedSeconds, singleSeconds: (Date.now() - started) / 1000, singleRebuilt };
}

/** Built JS files holding each copy marker (0 means the marker no longer works). */
function markersInBuilds(): Record<CopyName, { composed: number; single: number }> {
  const jsIn = (dir: string) => {
    try {
      return readdirSync(dir)
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(path.join(dir, f), 'utf8'));
    } catch {
      return [];
    }
  };
  const composed = FRONTENDS.flatMap((pkg) => jsIn(path.join(ROOT, pkg, 'dist')));
  const single = jsIn(SINGLE_DIR);
  const count = (texts: string[], marker: string) => texts.filter((text) => text.includes(marker)).length;
  return Object.fromEntries(
    Object.entries(COPY_MARKERS).map(([name, marker]) => [
      name,
      { composed: count(composed, marker), single: count(single, marker) },
    ]),
  ) as Record<CopyName, { composed: number; single: number }>;
}

/** Decodes a quoted-printable mail body enough to read a link. */
const unQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * Signs up through the API, follows the verification link from the mail in DATA_DIR/outbox, logs
 * in; returns the localStorage entries of the session (keys `jwt` and `user`, docs/product.md §3).
 */
async function signedInStorage(site: string, dataDir: string): Promise<Record<string, string>> {
  const universities = await getApiJson<{ data: { universities: { name: string }[] } }>(
    `${site}/api/v1/universities?country=KE`,
  );
  const id = randomBytes(4).toString('hex');
  const account = {
    firstName: 'Bench',
    lastName: 'Web',
    email: `bench-web-${id}@students.example.com`,
    whatsApp: '254700000002',
    // Not common and without a run of 3 letters, so it contains no piece of the e-mail or names.
    password: `Zq9-Xw8-Vy7-${id.replace(/[a-f]/g, '')}`,
    passwordConfirm: `Zq9-Xw8-Vy7-${id.replace(/[a-f]/g, '')}`,
    university: universities.data.universities[0]?.name ?? '',
  };
  const signup = await fetch(`${site}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
  const outbox = path.join(dataDir, 'outbox');
  let token: string | undefined;
  for (let i = 0; i < 80 && !token; i++) {
    try {
      for (const file of readdirSync(outbox).filter((f) => f.endsWith('.eml'))) {
        const text = unQuotedPrintable(readFileSync(path.join(outbox, file), 'utf8'));
        if (text.includes(account.email))
          token = /\/api\/v1\/auth\/verify-email\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
      }
    } catch {
      // no outbox yet
    }
    if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!token) throw new Error(`no verification mail for ${account.email} in ${outbox}`);
  const verify = await fetch(`${site}/api/v1/auth/verify-email/${token}`, { redirect: 'manual' });
  if (!(verify.headers.get('location') ?? '').includes('status=success')) {
    throw new Error(`verification redirected to '${verify.headers.get('location')}'`);
  }
  const login = await fetch(`${site}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const session = (await login.json()) as { token?: string; user?: unknown };
  if (!login.ok || !session.token) throw new Error(`login answered ${login.status}`);
  return { jwt: session.token, user: JSON.stringify(session.user) };
}

function summarizePage(page: string, variant: Variant, loads: LoadResult[]): PageSummary {
  const med = (pick: (load: LoadResult) => number) => Math.round(median(loads.map(pick)));
  const first = loads[0]!;
  const cards = loads.map((l) => l.firstCardMs);
  const measuredCards = cards.filter((c): c is number => c !== null);
  return {
    page,
    variant,
    loads: loads.length,
    requests: med((l) => l.requests),
    failed: Math.max(...loads.map((l) => l.failed)),
    non2xx: Math.max(...loads.map((l) => l.non2xx)),
    wireBytes: Object.fromEntries(
      [...BYTE_TYPES, 'total' as const].map((type) => [type, med((l) => l.wireBytes[type])]),
    ),
    requestsByType: Object.fromEntries(BYTE_TYPES.map((type) => [type, med((l) => l.requestsByType[type])])),
    js: {
      requests: med((l) => l.js.requests),
      wire: med((l) => l.js.wire),
      raw: med((l) => l.js.raw),
      gzip: med((l) => l.js.gzip),
      brotli: med((l) => l.js.brotli),
      encodings: first.js.encodings,
    },
    copies: Object.fromEntries(
      Object.keys(COPY_MARKERS).map((name) => [
        name,
        Math.max(...loads.map((l) => l.copies[name as CopyName])),
      ]),
    ) as Record<CopyName, number>,
    duplicateJs: [...new Set(loads.flatMap((l) => l.duplicateJs))],
    firstCardMs: measuredCards.length ? Math.round(median(measuredCards)) : null,
    firstCardRunsMs: cards,
    jsFiles: first.jsFiles,
    imageFiles: first.imageFiles,
  };
}

function summarizeLighthouse(page: string, runs: LighthouseRun[]): LighthouseSummary {
  const of = (pick: (run: LighthouseRun) => number) => spread(runs.map(pick));
  return {
    page,
    runs: runs.length,
    score: of((r) => r.score),
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    fcpMs: of((r) => r.fcpMs),
    speedIndexMs: of((r) => r.speedIndexMs),
    totalByteWeight: of((r) => r.totalByteWeight),
    mainThreadOnCpu: runs.every((r) => r.mainThreadOnCpu !== null) ? of((r) => r.mainThreadOnCpu!) : null,
    tbtWithoutWaitsMs: runs.every((r) => r.tbtWithoutWaitsMs !== null)
      ? of((r) => r.tbtWithoutWaitsMs!)
      : null,
    lcpElements: [...new Set(runs.map((r) => r.lcpElement).filter((e): e is string => e !== null))],
    layoutShifts: [...new Set(runs.flatMap((r) => r.layoutShifts))],
    warnings: [...new Set(runs.map((r) => r.warning).filter((w): w is string => w !== null))],
  };
}

/** The parsed command line (`parseFlags`). */
type Flags = ReturnType<typeof parseFlags>;

/** The three servers of a run and what the measuring steps need to know about them. */
interface Servers {
  /** The composed site, server-rendered (`npm start`). */
  site: string;
  /** The single bundle's server (bench/lib/single-bundle-server.ts), proxying to `site`. */
  single: string;
  /** Origin of each serving of the same commit. */
  renderingOrigins: Record<Rendering, string>;
  /** Origin → path of the first product's item page there. */
  itemPaths: Map<string, string>;
  /** Path of `page` on `origin` ('item' = the first product's page there). */
  pathOn: (origin: string, page: string) => string;
  /** A signed-in session's localStorage for /app pages (undefined when no /app page is loaded). */
  storage: Record<string, string> | undefined;
  /** Stops the three servers (client-rendered, single bundle, site), by PID. */
  stop: () => Promise<void>;
}

/**
 * Starts the composed site like `npm start` (server rendering on, its own DATA_DIR in `tmp`), the
 * single bundle's server in front of it, and the same commit client-rendered (the SERVER_RENDERING
 * kill switch, its own data folder); finds the first product's item page on both sites, and signs
 * in an account when a page under /app is measured.
 */
async function serve(flags: Flags, tmp: string): Promise<Servers> {
  const env = scrubbedEnv();
  const dataDir = path.join(tmp, 'data');
  let serverStarted = Date.now();
  const { started: siteProc, origin: site } = await startSite({
    name: 'site (npm start)',
    dataDir,
    logFile: path.join(tmp, 'site.log'),
    serverRendering: 'on',
  });
  log(`site on ${site} (pid ${siteProc.pid}) after ${((Date.now() - serverStarted) / 1000).toFixed(1)} s`);
  serverStarted = Date.now();
  const singlePort = await freePort();
  const single = `http://127.0.0.1:${singlePort}`;
  const singleProc = await startProcess({
    name: 'single-bundle server',
    command: process.execPath,
    args: ['--import', 'tsx', path.join(ROOT, 'bench/lib/single-bundle-server.ts')],
    env: {
      ...env,
      PORT: String(singlePort),
      HOST: '127.0.0.1',
      BENCH_STATIC_DIR: SINGLE_DIR,
      BENCH_UPSTREAM: site,
    },
    cwd: ROOT,
    logFile: path.join(tmp, 'single.log'),
    healthUrl: `${single}/api/v1/health`,
  });
  log(`single bundle on ${single} (pid ${singleProc.pid})`);
  // The same commit served client-rendered (the SERVER_RENDERING kill switch), its own data
  // folder; not started when `--renderings` leaves it out.
  const csr = flags.renderings.includes('client-rendered')
    ? await startSite({
        name: 'site, client-rendered',
        dataDir: path.join(tmp, 'data-csr'),
        logFile: path.join(tmp, 'site-csr.log'),
        serverRendering: 'off',
      })
    : null;
  const csrProc = csr?.started;
  const csrSite = csr?.origin ?? '';
  if (csr) log(`client-rendered site on ${csrSite} (pid ${csrProc?.pid})`);
  const renderingOrigins: Record<Rendering, string> = { 'server-rendered': site, 'client-rendered': csrSite };
  const itemPaths = new Map<string, string>();
  for (const origin of [site, csrSite].filter(Boolean)) {
    const answer = await getApiJson<{ data: { products: { _id: string }[] } }>(
      `${origin}/api/v1/products?limit=1`,
    );
    itemPaths.set(origin, `/products/${answer.data.products[0]?._id ?? 'missing'}`);
  }
  const pathOn = (origin: string, page: string) => (page === ITEM_PAGE ? itemPaths.get(origin)! : page);
  const storage = flags.pages.some((p) => p.startsWith('/app'))
    ? await signedInStorage(site, dataDir)
    : undefined;
  const stop = async () => {
    await csrProc?.stop();
    await singleProc.stop();
    await siteProc.stop();
  };
  return { site, single, renderingOrigins, itemPaths, pathOn, storage, stop };
}

/**
 * Cold loads in a fresh phone context each, interleaved: for each round, every page on the
 * composed site then on the single bundle (`measureLoad`: requests, bytes, JS sizes, copies,
 * first card). Returns the per-page medians and the Chromium version.
 */
async function measureColdLoads(
  flags: Flags,
  servers: Servers,
): Promise<{ pages: PageSummary[]; chromiumVersion: string }> {
  const { storage } = servers;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());
  const chromiumVersion = browser.version();
  const loads = new Map<string, LoadResult[]>();
  const origins: Record<Variant, string> = { composed: servers.site, single: servers.single };
  for (let round = 1; round <= flags.loads; round++) {
    for (const page of flags.pages) {
      for (const variant of ['composed', 'single'] as const) {
        const result = await measureLoad(browser, origins[variant] + page, {
          ...(page.startsWith('/app') ? { storage } : {}),
          ...(CARD_PAGES.has(page) ? { cardWaitMs: 20_000 } : {}),
        });
        const key = `${variant} ${page}`;
        loads.set(key, [...(loads.get(key) ?? []), result]);
        log(
          `load ${round}/${flags.loads} ${variant} ${page}: ${result.requests} requests, ${kb(result.wireBytes.total)} KB, ` +
            `JS ${kb(result.js.wire)} KB wire / ${kb(result.js.brotli)} KB br in ${result.js.requests} files` +
            (result.firstCardMs !== null ? `, first card ${result.firstCardMs} ms` : ''),
        );
      }
    }
  }
  await browser.close();
  const pages = flags.pages.flatMap((page) =>
    (['composed', 'single'] as const).map((variant) =>
      summarizePage(page, variant, loads.get(`${variant} ${page}`)!),
    ),
  );
  return { pages, chromiumVersion };
}

/** Lighthouse's summaries of a run, with the calibration it used (nulls when skipped). */
interface LighthouseResults {
  lighthouse: LighthouseSummary[];
  benchmarkIndex: number | null;
  calibratedMultiplier: number | null;
}

/**
 * Lighthouse: the mobile preset (4× CPU) on both renderings, then the CPU slowdown calibrated to
 * this machine's benchmarkIndex (median over the preset runs; docs/product.md §23 item 9c, d),
 * `flags.runs` runs of each page, interleaved. Nothing when `--skip-lighthouse`.
 */
async function runLighthousePasses(flags: Flags, servers: Servers, tmp: string): Promise<LighthouseResults> {
  const lighthouse: LighthouseSummary[] = [];
  if (flags.skipLighthouse) return { lighthouse, benchmarkIndex: null, calibratedMultiplier: null };
  const { renderingOrigins, pathOn } = servers;
  const runs = new Map<string, LighthouseRun[]>();
  const pass = async (preset: LighthousePreset, multiplier?: number) => {
    for (let run = 1; run <= flags.runs; run++) {
      for (const page of flags.lighthousePages) {
        for (const rendering of flags.renderings) {
          const origin = renderingOrigins[rendering];
          const result = await runLighthouse(
            origin + pathOn(origin, page),
            path.join(tmp, 'lighthouse.json'),
            path.join(tmp, 'lighthouse.log'),
            multiplier,
            { withoutWaits: preset === 'calibrated' },
          );
          const key = `${rendering}|${preset}|${page}`;
          runs.set(key, [...(runs.get(key) ?? []), result]);
          log(
            `Lighthouse ${preset} ${run}/${flags.runs} ${rendering} ${page}: score ${result.score}, LCP ${result.lcpMs} ms, ` +
              `TBT ${result.tbtMs} ms, CLS ${result.cls}, benchmarkIndex ${result.benchmarkIndex}, CPU ${result.cpuSlowdownMultiplier}×` +
              (result.tbtWithoutWaitsMs === null
                ? ''
                : `; main thread on CPU ${result.mainThreadOnCpu}, TBT without waits ${result.tbtWithoutWaitsMs} ms`),
          );
        }
      }
    }
  };
  await pass('mobile preset');
  const indexes = [...runs.values()]
    .flat()
    .map((r) => r.benchmarkIndex)
    .filter(Number.isFinite);
  const benchmarkIndex = indexes.length ? Math.round(median(indexes)) : null;
  const calibratedMultiplier = calibratedCpuMultiplier(benchmarkIndex ?? Number.NaN);
  log(`benchmarkIndex ${benchmarkIndex}: calibrated CPU slowdown ${calibratedMultiplier}×`);
  await pass('calibrated', calibratedMultiplier);
  for (const preset of ['mobile preset', 'calibrated'] as const)
    for (const page of flags.lighthousePages)
      for (const rendering of flags.renderings) {
        const key = `${rendering}|${preset}|${page}`;
        lighthouse.push({ ...summarizeLighthouse(page, runs.get(key)!), rendering, preset });
      }
  return { lighthouse, benchmarkIndex, calibratedMultiplier };
}

/**
 * The slow phone, cold (400 kbps, 400 ms RTT, 4× CPU; docs/product.md §23 item 9a, d): both
 * renderings of each slow page, interleaved, `flags.slowLoads` rounds, probed for the time to
 * interactive; then one more load each that nobody probes, for the main thread's long tasks.
 * Returns the medians per page and rendering.
 */
async function measureSlowPhoneLoads(
  slowBrowser: Browser,
  flags: Flags,
  servers: Servers,
): Promise<SlowPhoneSummary[]> {
  const { renderingOrigins, pathOn } = servers;
  const slowLoads = new Map<string, SlowPhoneLoad[]>();
  for (let round = 1; round <= flags.slowLoads; round++) {
    for (const page of flags.slowPages) {
      for (const rendering of flags.renderings) {
        const origin = renderingOrigins[rendering];
        const result = await measureSlowPhone(slowBrowser, origin + pathOn(origin, page));
        const key = `${rendering}|${page}`;
        slowLoads.set(key, [...(slowLoads.get(key) ?? []), result]);
        log(
          `slow phone ${round}/${flags.slowLoads} ${rendering} ${page}: FCP ${result.fcpMs} ms, first card ${result.firstCardMs} ms, ` +
            `interactive (${result.interactiveControl}) ${result.interactiveMs} ms, usable ${result.usableMs} ms, ` +
            `React's ${result.reactMs} ms, fully loaded ${result.fullyLoadedMs} ms`,
        );
      }
    }
  }
  // One more cold load per page and serving that nobody probes: the main thread's long tasks.
  const blockingLoads = new Map<string, SlowPhoneLoad>();
  for (const page of flags.slowPages) {
    for (const rendering of flags.renderings) {
      const origin = renderingOrigins[rendering];
      const result = await measureSlowPhone(slowBrowser, origin + pathOn(origin, page), { probe: false });
      blockingLoads.set(`${rendering}|${page}`, result);
      log(
        `slow phone, not probed, ${rendering} ${page}: blocking ${result.blockingMs} ms (longest task ${result.longestTaskMs} ms)`,
      );
    }
  }
  return flags.slowPages.flatMap((page) =>
    flags.renderings.map((rendering) => {
      const loadsOf = slowLoads.get(`${rendering}|${page}`)!;
      const med = (pick: (l: SlowPhoneLoad) => number | null) => {
        const values = loadsOf.map(pick).filter((v): v is number => v !== null);
        return values.length ? Math.round(median(values)) : null;
      };
      return {
        page,
        rendering,
        loads: loadsOf.length,
        fcpMs: med((l) => l.fcpMs),
        firstCardMs: med((l) => l.firstCardMs),
        interactiveMs: med((l) => l.interactiveMs),
        usableMs: med((l) => l.usableMs),
        reactMs: med((l) => l.reactMs),
        hydratedMs: med((l) => l.hydratedMs),
        fullyLoadedMs: med((l) => l.fullyLoadedMs),
        blockingMs: blockingLoads.get(`${rendering}|${page}`)?.blockingMs ?? null,
        longestTaskMs: blockingLoads.get(`${rendering}|${page}`)?.longestTaskMs ?? null,
        interactiveControl: loadsOf[0]!.interactiveControl,
        runs: loadsOf,
      };
    }),
  );
}

/**
 * The warm repeat visit of /products with the service worker and the HTTP cache, on both
 * renderings (docs/product.md §23 item 9b): the bytes that still cross the network.
 */
async function measureWarmRepeats(
  slowBrowser: Browser,
  flags: Flags,
  servers: Servers,
): Promise<(WarmRepeat & { rendering: Rendering })[]> {
  const { renderingOrigins } = servers;
  const warmRepeat: (WarmRepeat & { rendering: Rendering })[] = [];
  for (const rendering of flags.renderings) {
    const result = await measureWarmRepeat(slowBrowser, `${renderingOrigins[rendering]}${BUDGET_PAGE}`);
    warmRepeat.push({ ...result, rendering });
    log(
      `warm repeat ${rendering} ${BUDGET_PAGE}: ${kb(result.bytes)} KB in ${result.requests.length} requests`,
    );
  }
  return warmRepeat;
}

/** Everything a run measured, as the report needs it. */
interface Measured extends LighthouseResults {
  flags: Flags;
  startedAt: number;
  machine: ReturnType<typeof machineInfo>;
  loadBefore: number[];
  loadAfter: number[];
  builds: ReturnType<typeof build>;
  markers: ReturnType<typeof markersInBuilds>;
  chromiumVersion: string;
  pages: PageSummary[];
  slowPhone: SlowPhoneSummary[];
  warmRepeat: (WarmRepeat & { rendering: Rendering })[];
  itemPaths: Map<string, string>;
}

/** One page of the composed site or the single bundle (`pages` holds every page of both). */
const findPage = (pages: PageSummary[], page: string, variant: Variant) =>
  pages.find((p) => p.page === page && p.variant === variant);

/** Composed / single-bundle ratio of each measured page: JS bytes (brotli, gzip, wire), requests, transfer. */
function compareVariants(flags: Flags, pages: PageSummary[]) {
  const find = (page: string, variant: Variant) => findPage(pages, page, variant);
  return flags.pages.map((page) => {
    const c = find(page, 'composed')!;
    const s = find(page, 'single')!;
    return {
      page,
      jsBrotliRatio: round(c.js.brotli / s.js.brotli, 3),
      jsGzipRatio: round(c.js.gzip / s.js.gzip, 3),
      jsWireRatio: round(c.js.wire / s.js.wire, 3),
      jsRequestsRatio: round(c.js.requests / s.js.requests, 2),
      requestsRatio: round(c.requests / s.requests, 2),
      totalWireRatio: round(c.wireBytes.total! / s.wireBytes.total!, 3),
    };
  });
}

type Comparison = ReturnType<typeof compareVariants>[number];

/** The targets of docs/product.md §23.9 with what was measured (met / not met / not measured; never asserted). */
function webTargets(measured: Measured, comparison: Comparison[]): TargetResult[] {
  const { flags, pages, lighthouse, slowPhone, warmRepeat } = measured;
  const find = (page: string, variant: Variant) => findPage(pages, page, variant);
  const budget = find(BUDGET_PAGE, 'composed');
  const lhOf = (page: string, preset: LighthousePreset, rendering: Rendering = 'server-rendered') =>
    lighthouse.find((l) => l.page === page && l.preset === preset && l.rendering === rendering);
  const slowOf = (page: string, rendering: Rendering = 'server-rendered') =>
    slowPhone.find((p) => p.page === page && p.rendering === rendering);
  const sec2 = (v: number) => `${(v / 1000).toFixed(2)} s`;
  /** A target of at most `seconds` for a time measured in ms. */
  const withinSeconds = (name: string, seconds: number, ms: number | null | undefined) =>
    target(name, `≤ ${seconds.toFixed(1)} s`, ms, (v) => v <= seconds * 1000, sec2);
  const calibratedTargets = flags.lighthousePages.flatMap((page) => {
    const l = lhOf(page, 'calibrated');
    return [
      target(`Lighthouse calibrated ${page}: performance (median)`, '≥ 90', l?.score.median, (v) => v >= 90),
      withinSeconds(`Lighthouse calibrated ${page}: LCP`, 2.5, l?.lcpMs.median),
      target(
        `Lighthouse calibrated ${page}: CLS`,
        '≤ 0.05',
        l?.cls.median,
        (v) => v <= 0.05,
        (v) => v.toFixed(3),
      ),
      target(
        `Lighthouse calibrated ${page}: TBT`,
        '≤ 200 ms',
        l?.tbtMs.median,
        (v) => v <= 200,
        (v) => `${v} ms`,
      ),
    ];
  });
  const warmServer = warmRepeat.find((w) => w.rendering === 'server-rendered');
  const budgetRatio = comparison.find((c) => c.page === BUDGET_PAGE);
  const KB = 1024;
  const composedPages = pages.filter((p) => p.variant === 'composed');
  const maxCopies = (name: CopyName) =>
    composedPages.length ? Math.max(...composedPages.map((p) => p.copies[name])) : null;
  const targets: TargetResult[] = [
    target(
      '/products JS on the wire, brotli q11 of fetched JS',
      '≤ 200 KB',
      budget?.js.brotli,
      (v) => v <= 200 * KB,
      (v) => `${kb(v)} KB (gzip ${kb(budget!.js.gzip)} KB)`,
    ),
    ...JS_BUDGET_PAGES.filter((page) => page !== BUDGET_PAGE && flags.pages.includes(page)).map((page) => {
      const measured = find(page, 'composed');
      return target(
        `${page} JS on the wire, brotli q11 of fetched JS (cold)`,
        '≤ 200 KB',
        measured?.js.brotli,
        (v) => v <= 200 * KB,
        (v) => `${kb(v)} KB (${measured!.js.requests} files)`,
      );
    }),
    target(
      '/products total transfer',
      '≤ 400 KB',
      budget?.wireBytes.total,
      (v) => v <= 400 * KB,
      (v) => `${kb(v)} KB`,
    ),
    withinSeconds(
      'slow phone /products first contentful paint (server-rendered, median)',
      2.0,
      slowOf(BUDGET_PAGE)?.fcpMs,
    ),
    withinSeconds(
      'slow phone /products first product card (server-rendered, median)',
      3.0,
      slowOf(BUDGET_PAGE)?.firstCardMs,
    ),
    ...USABLE_PAGES.filter((page) => flags.slowPages.includes(page)).map((page) =>
      withinSeconds(
        `slow phone ${page} time to usable: ${page === '/contact' ? 'the first contact field takes text in its posted form' : 'a tap on Filters opens it and the search box takes text'} (server-rendered, median)`,
        5.0,
        slowOf(page)?.usableMs,
      ),
    ),
    withinSeconds(
      'slow phone item page first contentful paint (server-rendered, median)',
      2.0,
      slowOf(ITEM_PAGE)?.fcpMs,
    ),
    ...calibratedTargets,
    target(
      'warm repeat visit of /products, bytes over the network (service worker + HTTP cache)',
      '≤ 20 KB',
      warmServer?.bytes,
      (v) => v <= 20 * KB,
      (v) => `${kb(v)} KB`,
    ),
    target(
      '/products composed / single-bundle JS bytes (brotli)',
      '≤ 1.15×',
      budgetRatio?.jsBrotliRatio,
      (v) => v <= 1.15,
      (v) => `${v.toFixed(2)}×`,
    ),
    target('copies of react-dom fetched (max over pages)', '1', maxCopies('react-dom'), (v) => v === 1),
    target(
      'copies of @mui/material fetched (max over pages)',
      '1',
      maxCopies('@mui/material'),
      (v) => v === 1,
    ),
    target(
      'copies of @campus/shared fetched (max over pages)',
      '1',
      maxCopies('@campus/shared'),
      (v) => v === 1,
    ),
  ];
  return targets;
}

/** `web.json`: the run's parameters, machine, versions, builds and every summary. */
function resultsJson(measured: Measured, comparison: Comparison[], targets: TargetResult[]) {
  const {
    flags,
    startedAt,
    machine,
    loadBefore,
    loadAfter,
    builds,
    markers,
    chromiumVersion,
    pages,
    lighthouse,
    benchmarkIndex,
    calibratedMultiplier,
    slowPhone,
    warmRepeat,
    itemPaths,
  } = measured;
  const versions = {
    node: process.version,
    chromium: chromiumVersion,
    lighthouse: packageVersion('lighthouse'),
    'playwright-core': packageVersion('playwright-core'),
    '@rspack/core': packageVersion('@rspack/core'),
    '@module-federation/enhanced': packageVersion('@module-federation/enhanced'),
    react: packageVersion('react'),
    '@mui/material': packageVersion('@mui/material'),
  };
  const git = gitInfo();
  const json = {
    benchmark: 'web',
    date: new Date(startedAt).toISOString(),
    tookSeconds: Math.round((Date.now() - startedAt) / 1000),
    params: { ...flags, out: undefined },
    machine: { ...machine, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    versions,
    git,
    device: PHONE,
    builds: { ...builds, markersInBuilds: markers },
    pages,
    comparison,
    lighthouse,
    benchmarkIndex,
    calibratedCpuMultiplier: calibratedMultiplier,
    slowPhoneProfile: SLOW_PHONE,
    slowPhone,
    warmRepeat,
    itemPaths: Object.fromEntries(itemPaths),
    targets,
  };
  return json;
}

/**
 * What was on the way to time to usable on the slow phone (ADR 0032): for each page of
 * {@link USABLE_PAGES} measured server-rendered, the load whose time to usable is the median, its
 * requests sent before that moment (sent, first byte, finished: s after navigation start; KB on
 * the wire; priority) and the KB per type that finished before it. Markdown lines; none when no
 * such page was measured.
 */
function criticalPathReport(slowPhone: SlowPhoneSummary[]): string[] {
  const lines: string[] = [];
  const sec = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(2));
  for (const page of USABLE_PAGES) {
    const summary = slowPhone.find((p) => p.page === page && p.rendering === 'server-rendered');
    const runs = (summary?.runs ?? []).filter((r) => r.reactMs !== null);
    if (!summary || runs.length === 0) continue;
    const load = [...runs].sort((a, b) => a.reactMs! - b.reactMs!)[Math.floor((runs.length - 1) / 2)]!;
    const usable = load.reactMs!;
    const before = load.requests
      .filter((r) => r.startMs <= usable && !r.url.startsWith('data:'))
      .sort((a, b) => a.startMs - b.startMs);
    const done = before.filter((r) => r.endMs !== null && r.endMs <= usable);
    const byType = new Map<string, number>();
    for (const r of done) byType.set(r.type, (byType.get(r.type) ?? 0) + r.bytes);
    lines.push(
      `### ${page}: first control React's at ${sec(usable)} s (the median load; usable ${sec(load.usableMs)} s; shell live ${sec(load.hydratedMs)} s)`,
      '',
      `Finished before React's: ${kb(done.reduce((sum, r) => sum + r.bytes, 0))} KB on the wire (` +
        [...byType.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([type, bytes]) => `${type} ${kb(bytes)} KB`)
          .join(', ') +
        `) — at 400 kbps (50 KB/s) that alone is ${(done.reduce((sum, r) => sum + r.bytes, 0) / 50_000).toFixed(1)} s.`,
      '',
      markdownTable(
        ['request', 'type', 'priority', 'sent s', 'first byte s', 'finished s', 'KB'],
        before.map((r) => [
          r.url.length > 70 ? `${r.url.slice(0, 67)}…` : r.url,
          r.type,
          r.priority,
          sec(r.startMs),
          sec(r.responseMs),
          sec(r.endMs),
          kb(r.bytes),
        ]),
      ),
      '',
    );
  }
  return lines;
}

/** The headers and rows shared by the console and the markdown report (pages, comparison, Lighthouse). */
function reportTables(measured: Measured, comparison: Comparison[]) {
  const { pages, lighthouse, calibratedMultiplier } = measured;
  const find = (page: string, variant: Variant) => findPage(pages, page, variant);
  const pageHeader = [
    'page',
    'requests',
    'total KB',
    'JS KB wire',
    'JS KB gz-9',
    'JS KB br-11',
    'JS files',
    'CSS',
    'images',
    'JSON',
    'fonts',
    'other',
    'first card ms',
    'react-dom / MUI / shared / MF rt',
  ];
  const pageRow = (p: PageSummary) => [
    p.page,
    p.requests,
    kb(p.wireBytes.total!),
    kb(p.js.wire),
    kb(p.js.gzip),
    kb(p.js.brotli),
    p.js.requests,
    kb(p.wireBytes.css!),
    kb(p.wireBytes.image!),
    kb(p.wireBytes.json!),
    kb(p.wireBytes.font!),
    kb(p.wireBytes.other!),
    p.firstCardMs ?? '—',
    `${p.copies['react-dom']} / ${p.copies['@mui/material']} / ${p.copies['@campus/shared']} / ${p.copies['MF runtime']}`,
  ];
  const compareHeader = [
    'page',
    'JS br composed KB',
    'JS br single KB',
    'JS br ratio',
    'JS gz ratio',
    'JS requests',
    'requests',
    'requests ratio',
    'total wire ratio',
  ];
  const compareRows = comparison.map((c) => {
    const cp = find(c.page, 'composed')!;
    const sp = find(c.page, 'single')!;
    return [
      c.page,
      kb(cp.js.brotli),
      kb(sp.js.brotli),
      `${c.jsBrotliRatio.toFixed(2)}×`,
      `${c.jsGzipRatio.toFixed(2)}×`,
      `${cp.js.requests} / ${sp.js.requests}`,
      `${cp.requests} / ${sp.requests}`,
      `${c.requestsRatio.toFixed(2)}×`,
      `${c.totalWireRatio.toFixed(2)}×`,
    ];
  });
  const lhHeader = [
    'page',
    'serving',
    'CPU',
    'runs',
    'score (min-max)',
    'LCP s',
    'TBT ms',
    'CLS',
    'FCP s',
    'Speed Index s',
    'byte weight KB',
    'main thread on CPU',
    'TBT without waits ms',
  ];
  const sp = (s: Spread, f: (v: number) => string) => `${f(s.median)} (${f(s.min)}-${f(s.max)})`;
  const sec = (v: number) => (v / 1000).toFixed(2);
  const lhRows = lighthouse.map((l) => [
    l.page,
    l.rendering ?? '',
    l.preset === 'calibrated' ? `${calibratedMultiplier}× (calibrated)` : '4× (preset)',
    l.runs,
    sp(l.score, String),
    sp(l.lcpMs, sec),
    sp(l.tbtMs, (v) => v.toFixed(0)),
    sp(l.cls, (v) => v.toFixed(3)),
    sp(l.fcpMs, sec),
    sp(l.speedIndexMs, sec),
    sp(l.totalByteWeight, kb),
    l.mainThreadOnCpu ? sp(l.mainThreadOnCpu, (v) => `${Math.round(v * 100)}%`) : '—',
    l.tbtWithoutWaitsMs ? sp(l.tbtWithoutWaitsMs, (v) => v.toFixed(0)) : '—',
  ]);

  return { pageHeader, pageRow, compareHeader, compareRows, lhHeader, lhRows };
}

type ReportTables = ReturnType<typeof reportTables>;

/** Prints the pages of both variants, their comparison, Lighthouse and the targets to the console. */
function printReport(measured: Measured, tables: ReportTables, targets: TargetResult[]): void {
  const { flags, pages, lighthouse } = measured;
  const { pageHeader, pageRow, compareHeader, compareRows, lhHeader, lhRows } = tables;
  const composedPages = pages.filter((p) => p.variant === 'composed');
  console.log(
    `\nComposed site (median of ${flags.loads} cold loads)\n${consoleTable(pageHeader, composedPages.map(pageRow))}`,
  );
  console.log(
    `\nSingle bundle\n${consoleTable(pageHeader, pages.filter((p) => p.variant === 'single').map(pageRow))}`,
  );
  console.log(`\nComposed vs single bundle\n${consoleTable(compareHeader, compareRows)}`);
  if (lighthouse.length) console.log(`\nLighthouse (mobile)\n${consoleTable(lhHeader, lhRows)}`);
  console.log(
    `\n${consoleTable(
      ['target', 'wanted', 'measured', 'verdict'],
      targets.map((t) => [
        t.name,
        t.target,
        t.shown,
        t.met === null ? 'not measured' : t.met ? 'met' : 'NOT MET',
      ]),
    )}`,
  );
}

/** `web.md`: the same tables and targets as the console, the slow phone, the warm repeat, what /products fetches, and the method. */
function markdownReport(
  measured: Measured,
  json: ReturnType<typeof resultsJson>,
  tables: ReportTables,
  targets: TargetResult[],
): string {
  const {
    flags,
    machine,
    loadBefore,
    loadAfter,
    markers,
    pages,
    lighthouse,
    benchmarkIndex,
    calibratedMultiplier,
    slowPhone,
    warmRepeat,
  } = measured;
  const { git, versions } = json;
  const { pageHeader, pageRow, compareHeader, compareRows, lhHeader, lhRows } = tables;
  const composedPages = pages.filter((p) => p.variant === 'composed');
  const budget = findPage(pages, BUDGET_PAGE, 'composed');
  const budgetFiles = budget?.jsFiles ?? [];
  const markerWarnings = Object.entries(markers)
    .filter(([, n]) => n.composed === 0)
    .map(([name]) => `- marker of ${name} not found in any build: its copy count is meaningless`);
  return [
    '# Web benchmark',
    '',
    `${json.date} · ${json.tookSeconds} s · commit ${git.commit}${git.changedFiles ? ` (+${git.changedFiles} uncommitted files)` : ''} · ` +
      `\`npm run bench:web -- --pages "${flags.pages.join(',')}" --loads ${flags.loads} --runs ${flags.runs}${flags.skipLighthouse ? ' --skip-lighthouse' : ''} ` +
      `--slow-pages "${flags.slowPages.join(',')}" --slow-loads ${flags.slowLoads} --renderings ${flags.renderings.join(',')}\``,
    '',
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryMB} MB; load average ${loadBefore.join(' / ')} before, ` +
      `${loadAfter.join(' / ')} after (1 / 5 / 15 min). Browser, servers and Lighthouse share these cores: timings are noisy, bytes are not.`,
    '',
    `Versions: ${Object.entries(versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}. Device: ${PHONE.viewport!.width}×${PHONE.viewport!.height} CSS px at DPR ${PHONE.deviceScaleFactor}, fresh context per load (empty cache). KB = 1024 bytes.`,
    '',
    `## Composed site (host + remotes, as \`npm start\` serves it; median of ${flags.loads} cold loads)`,
    '',
    markdownTable(pageHeader, composedPages.map(pageRow)),
    '',
    '## Single bundle (the same pages, no federation: the floor)',
    '',
    markdownTable(pageHeader, pages.filter((p) => p.variant === 'single').map(pageRow)),
    '',
    '## Composed vs single bundle (the price of independent deployment)',
    '',
    markdownTable(compareHeader, compareRows),
    '',
    ...(lighthouse.length
      ? [
          '## Lighthouse 12.8.2: mobile preset and CPU calibrated to this machine (median, min-max)',
          '',
          `benchmarkIndex of this machine (median over the preset runs): **${benchmarkIndex}**; Lighthouse's ` +
            `calibration (1300 = 3×, +1× per 233) gives a CPU slowdown of **${calibratedMultiplier}×** instead of the preset's 4×. ` +
            "`item` is the first product's page.",
          '',
          markdownTable(lhHeader, lhRows),
          '',
          "*main thread on CPU*: the share of the wall time of the page's renderer main thread's tasks of 10 ms or more " +
            'during which the thread was on a CPU (trace `tdur` / `dur`); the rest it waited for a core that the ' +
            "browser's other processes, the site's server or Lighthouse held. *TBT without waits*: Lighthouse's own " +
            "simulation run again on the run's saved artifacts (`lighthouse -A`) after each of those tasks was shortened to " +
            "its CPU time (`bench/lib/main-thread-waits.ts`): the blocking time of the page's work alone. Calibrated runs only. " +
            "The target stays Lighthouse's TBT.",
          '',
          ...lighthouse.flatMap((l) => [
            `- ${l.page} (${l.rendering}, ${l.preset}): LCP element ${l.lcpElements.map((e) => `\`${e}\``).join(' / ') || '—'}; ` +
              `layout shifts ${l.layoutShifts.map((e) => `\`${e}\``).join(', ') || 'none'}` +
              (l.warnings.length ? `; warnings: ${l.warnings.join(' | ')}` : ''),
          ]),
          '',
        ]
      : ['## Lighthouse', '', 'Skipped (`--skip-lighthouse`).', '']),
    '## Slow phone, cold (400 kbps down and up, 400 ms RTT, CPU 4× slower; median)',
    '',
    `${flags.slowLoads} cold loads per page and serving, DevTools network and CPU throttling in Chromium, the same phone screen. ` +
      'Interactive: a click on Filters (lists) or the navbar menu (other pages) opens it, tried every 250 ms. ' +
      "Usable (ADR 0032): from when what a student touches first answers — on a list the later of a real tap on Filters opening its panel (native, a popover) and the search box taking text in its GET form (native: Enter searches, typed text is kept through hydration); on /contact the first contact field taking text in its form posted to the server handler; elsewhere React's. " +
      "React's: the page's first control (the search box, the first contact field, else the menu button) carries React's props: the live search, formik's checks and a replayed tap run from then; shell live: `<html data-hydrated>`. " +
      "Blocking: one more cold load per page and serving that nobody clicks (Playwright's queries run on the page's main thread too), until the network is idle and 3 s more: the main thread's long tasks after first paint (≥ 50 ms, the browser's `longtask` entries), their time over 50 ms summed — Total Blocking Time as this throttled phone felt it; longest: the longest of them.",
    '',
    markdownTable(
      [
        'page',
        'serving',
        'loads',
        'FCP s',
        'first card s',
        'interactive s (control)',
        'usable s',
        "React's s",
        'shell live s',
        'fully loaded s',
        'blocking ms',
        'longest task ms',
      ],
      slowPhone.map((p) => [
        p.page === ITEM_PAGE ? 'item' : p.page,
        p.rendering,
        p.loads,
        p.fcpMs === null ? '—' : (p.fcpMs / 1000).toFixed(2),
        p.firstCardMs === null ? '—' : (p.firstCardMs / 1000).toFixed(2),
        p.interactiveMs === null ? '—' : `${(p.interactiveMs / 1000).toFixed(2)} (${p.interactiveControl})`,
        p.usableMs === null ? '—' : (p.usableMs / 1000).toFixed(2),
        p.reactMs === null ? '—' : (p.reactMs / 1000).toFixed(2),
        p.hydratedMs === null ? '—' : (p.hydratedMs / 1000).toFixed(2),
        p.fullyLoadedMs === null ? '—' : (p.fullyLoadedMs / 1000).toFixed(2),
        p.blockingMs ?? '—',
        p.longestTaskMs ?? '—',
      ]),
    ),
    '',
    ...(() => {
      const critical = criticalPathReport(slowPhone);
      return critical.length
        ? [
            "## On the way to React's controls (slow phone, server-rendered)",
            '',
            "Every request sent before the page's first control was React's, in the order sent (DevTools protocol; " +
              'times from the document request). Bandwidth is shared: what finishes before usable delays it.',
            '',
            ...critical,
          ]
        : [];
    })(),
    '## Warm repeat visit of /products (service worker + HTTP cache)',
    '',
    markdownTable(
      ['serving', 'KB over the network', 'requests over the network', 'answered locally', 'largest'],
      warmRepeat.map((w) => [
        w.rendering,
        kb(w.bytes),
        w.requests.length,
        w.servedLocally,
        [...w.requests]
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 3)
          .map((r) => `${new URL(r.url, 'http://x').pathname} ${kb(r.bytes)} KB (${r.from})`)
          .join(', '),
      ]),
    ),
    '',
    '## Targets (docs/product.md §20 and §27; reported, not asserted)',
    '',
    targetsTable(targets),
    '',
    `## What /products fetches (composed, first load): JS files by brotli size`,
    '',
    markdownTable(
      ['file', 'wire KB', 'encoding', 'raw KB', 'gz-9 KB', 'br-11 KB', 'holds (marker strings)'],
      budgetFiles.map((f) => [
        f.path,
        kb(f.wire),
        f.encoding,
        kb(f.raw),
        kb(f.gzip),
        kb(f.brotli),
        f.libraries.join(', '),
      ]),
    ),
    '',
    `Images of /products (first load): ${budget?.imageFiles.length ?? 0} files, ` +
      `${kb((budget?.imageFiles ?? []).reduce((sum, f) => sum + f.wire, 0))} KB; largest ` +
      (budget?.imageFiles ?? [])
        .slice(0, 3)
        .map((f) => `\`${f.path}\` ${kb(f.wire)} KB`)
        .join(', ') +
      '.',
    '',
    '## How it was measured',
    '',
    '- Bytes on the wire: DevTools `Network.loadingFinished` encodedDataLength (compressed body + headers), per request ' +
      'type; Chromium sends `Accept-Encoding: gzip, deflate, br, zstd` and the servers answer with the precompressed `.br` files.',
    '- JS gz-9 / br-11: the fetched scripts decoded and recompressed here (gzip level 9, brotli quality 11), summed.',
    `- Copies: fetched JS files holding the marker of ${Object.entries(COPY_MARKERS)
      .map(([n, m]) => `${n} \`${m}\``)
      .join(', ')}. ` +
      'The MF runtime count is informative (no target): each remoteEntry.js carries one unless the runtime is external.',
    '- First card: ms from navigation start until a listing card (`article a[href^="/products/"]` or `/services/`) is in the DOM.',
    '- The single bundle is served by bench/lib/single-bundle-server.ts (same precompression and Cache-Control as the real ' +
      'server) with /api and /uploads proxied to the composed site, so both show the same data. /app is loaded signed in ' +
      '(a fresh verified account; the session is put in localStorage before the page runs).',
    '- Lighthouse runs in its own Chromium (chrome-launcher with CHROME_PATH=/usr/bin/chromium, the flags above, headless), ' +
      'simulated mobile throttling; its scores swing on a busy machine: read the median and the spread.',
    ...(markerWarnings.length ? ['', ...markerWarnings] : []),
    '',
  ].join('\n');
}

/**
 * The report: composed vs single bundle per page, the targets (met / not met, never asserted),
 * the console tables, and `<out>/web.md` + `web.json`.
 */
function report(measured: Measured): void {
  const comparison = compareVariants(measured.flags, measured.pages);
  const targets = webTargets(measured, comparison);
  const json = resultsJson(measured, comparison, targets);
  const tables = reportTables(measured, comparison);
  printReport(measured, tables, targets);
  const md = markdownReport(measured, json, tables, targets);
  const written = writeResults(measured.flags.out, 'web', md, json);
  log(`wrote ${written.join(', ')} in ${json.tookSeconds} s`);
}

/** The benchmark's steps in order: build, serve, cold loads, Lighthouse, slow phone, warm repeat, report. */
async function main(): Promise<void> {
  const flags = parseFlags();
  const startedAt = Date.now();
  const loadBefore = loadAverage();
  const machine = machineInfo();
  log(
    `pages ${flags.pages.join(' ')}; ${flags.loads} cold loads per page and variant; Lighthouse ` +
      `${flags.skipLighthouse ? 'skipped' : `${flags.runs} runs on ${flags.lighthousePages.join(' ')}`}; ` +
      `${machine.cores} cores, load average ${loadBefore.join(' ')}`,
  );

  const builds = build();
  const markers = markersInBuilds();

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-web-'));
  onCleanup(async () => rmSync(tmp, { recursive: true, force: true }));
  const servers = await serve(flags, tmp);

  const { pages, chromiumVersion } = await measureColdLoads(flags, servers);
  const lighthouseResults = await runLighthousePasses(flags, servers, tmp);

  const slowBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  onCleanup(() => slowBrowser.close());
  const slowPhone = await measureSlowPhoneLoads(slowBrowser, flags, servers);
  const warmRepeat = await measureWarmRepeats(slowBrowser, flags, servers);
  await slowBrowser.close();

  await servers.stop();
  const loadAfter = loadAverage();

  report({
    flags,
    startedAt,
    machine,
    loadBefore,
    loadAfter,
    builds,
    markers,
    chromiumVersion,
    pages,
    ...lighthouseResults,
    slowPhone,
    warmRepeat,
    itemPaths: servers.itemPaths,
  });
}

await runBenchmark('bench:web', USAGE, main);
