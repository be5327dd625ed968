/**
 * Remote releases (docs/decisions/0029-remote-releases.md), the whole story against the one site
 * of the run (`npm start` on the embedded database, global setup), which is never restarted (its
 * PID and process start time are the same at the end):
 *
 * 1. a catalog build whose product list shows a marker text (a copy of the site's catalog dist
 *    with the products page's heading patched in both its browser and its Node build: no extra
 *    rspack build) is released with `npm run release -- catalog --dist …` and promoted: a new page
 *    view shows the marker in the server-rendered HTML and after hydration, with no hydration
 *    warning;
 * 2. rollback: the marker is gone (the site's own build again);
 * 3. canary at 50 %: visitors with different bucket cookies see both versions, each always the
 *    same one, on the server and in the browser;
 * 4. a release with a missing exposed module and one with another React major are refused with
 *    their messages, and nothing changes;
 * 5. the auth remote's deploy token cannot release the catalog.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import type { RemoteRouting } from '../support/releases';
import { E2E_DEPLOY_TOKENS, E2E_METRICS_TOKEN, siteState } from '../support/site';

const ROOT = path.resolve(__dirname, '../..');
const MARKER = 'Products · release marker e2e';
/**
 * The products page's title (its h1 and document title, `PRODUCTS_HEAD`) in the two builds
 * (minified browser chunk, readable Node chunk).
 */
const BROWSER_HEADING = 'title:"Products",description:"Buy and sell';
const SERVER_HEADING = /(title: )'Products'(?=,\s*description: 'Buy and sell)/;

let work: string;
test.beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'campus-releases-e2e-'));
});
test.afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** A copy of the site's catalog build in a new folder under the test's temp folder. */
function copyOfCatalog(name: string): string {
  const dir = path.join(work, name);
  cpSync(path.join(siteState().staticRoot, 'mfe-catalog', 'dist'), dir, { recursive: true });
  return dir;
}

/** Replaces `search` in the one file of `dir` whose name starts with `prefix`; drops its .br/.gz. */
function patch(dir: string, prefix: string, search: string | RegExp, replace: string): void {
  const file = readdirSync(dir).find((name) => name.startsWith(prefix) && name.endsWith('.js'));
  if (!file) throw new Error(`no ${prefix}*.js in ${dir}`);
  const text = readFileSync(path.join(dir, file), 'utf8');
  const patched = text.replace(search, replace);
  if (patched === text) throw new Error(`${file}: ${String(search)} not found`);
  writeFileSync(path.join(dir, file), patched);
  rmSync(path.join(dir, `${file}.br`), { force: true });
  rmSync(path.join(dir, `${file}.gz`), { force: true });
}

/** Edits the copy's mf-manifest.json (and drops its precompressed siblings). */
function editManifest(
  dir: string,
  edit: (manifest: { exposes: { name: string }[]; shared: { name: string; version: string }[] }) => void,
): void {
  const file = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  edit(manifest);
  writeFileSync(file, JSON.stringify(manifest));
  rmSync(`${file}.br`, { force: true });
  rmSync(`${file}.gz`, { force: true });
}

/** Runs `npm run release -- catalog …` (the CLI itself) against the site; returns its exit code and output. */
function release(args: string[], token: string = E2E_DEPLOY_TOKENS.catalog): { code: number; out: string } {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'scripts/release.mts'),
      'catalog',
      '--site',
      siteState().baseURL,
      '--token',
      token,
      ...args,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  return { code: result.status ?? -1, out: `${result.stdout}${result.stderr}` };
}

const api = async (url: string) => {
  const response = await fetch(`${siteState().baseURL}${url}`, {
    headers: { authorization: `Bearer ${E2E_DEPLOY_TOKENS.catalog}` },
  });
  return (await response.json()) as { data: Record<string, unknown> };
};
type Routing = RemoteRouting;
const routing = async () => (await api('/api/v1/releases/catalog')).data.routing as Routing;
const releases = async () =>
  ((await api('/api/v1/releases/catalog')).data.releases as { version: string }[]).map((r) => r.version);

/** The catalog version `/remotes.json` gives a visitor in `bucket` (null: none named). */
async function servedVersion(bucket?: number): Promise<string | null> {
  const response = await fetch(`${siteState().baseURL}/remotes.json`, {
    headers: bucket ? { cookie: `soko_bucket=${bucket}` } : {},
  });
  const remotes = (await response.json()) as { catalog: { version?: string; entry: string } };
  return remotes.catalog.version ?? null;
}

/** The server-rendered HTML of /products for a visitor in `bucket`. */
async function productsHtml(bucket?: number): Promise<string> {
  const response = await fetch(`${siteState().baseURL}/products`, {
    headers: { accept: 'text/html', ...(bucket ? { cookie: `soko_bucket=${bucket}` } : {}) },
  });
  return response.text();
}

/** Hydration problems printed by the page (as server-rendering.spec.ts watches them). */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|did not match|Minified React error #418|#423|#425/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

/** The products page's h1 after hydration in a fresh visitor with `bucket` (null: no cookie). */
async function headingFor(
  browser: Browser,
  bucket: number | null,
): Promise<{ heading: string; problems: string[] }> {
  const context = await browser.newContext({ baseURL: siteState().baseURL });
  try {
    if (bucket !== null) {
      await context.addCookies([{ name: 'soko_bucket', value: String(bucket), url: siteState().baseURL }]);
    }
    const page = await context.newPage();
    const problems = watchHydration(page);
    await page.goto('/products');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    return { heading, problems };
  } finally {
    await context.close();
  }
}

const startTime = async () => {
  const metrics = await fetch(`${siteState().baseURL}/metrics`, {
    headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  });
  const text = await metrics.text();
  return /^process_start_time_seconds (\S+)$/m.exec(text)?.[1] ?? null;
};

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('release, promote, rollback and a sticky canary of the catalog on the running site; bad releases refused', async ({
  browser,
}) => {
  const { pid } = siteState();
  const started = await startTime();
  expect(started).not.toBeNull();

  // 1. A marker build: the products page's heading patched in the browser and the Node build.
  const marker = copyOfCatalog('marker');
  patch(
    marker,
    '__federation_expose_ProductsPage.',
    BROWSER_HEADING,
    BROWSER_HEADING.replace('"Products"', JSON.stringify(MARKER)),
  );
  patch(
    path.join(marker, 'server'),
    '__federation_expose_ProductsPage.',
    SERVER_HEADING,
    `$1${JSON.stringify(MARKER)}`,
  );
  const shipped = release(['--dist', marker, '--promote', '--reason', 'e2e marker']);
  expect(shipped.code, shipped.out).toBe(0);
  const version = /released catalog (\S+)/.exec(shipped.out)?.[1] as string;
  expect(version).toMatch(/^([0-9a-f]{7}-)?[0-9a-f]{12}$/);
  expect(shipped.out).toContain('✓ exposes');
  expect((await routing()).current).toBe(version);

  // Every new page view gets it within 5 s, on the server and after hydration.
  await expect.poll(() => servedVersion(), { timeout: 5_000 }).toBe(version);
  expect(await productsHtml()).toContain(MARKER);
  const promoted = await headingFor(browser, null);
  expect(promoted.heading).toBe(MARKER);
  expect(promoted.problems).toEqual([]);

  // 2. Rollback: back to the site's own build, the marker is gone.
  const rolled = release(['--rollback', '--reason', 'e2e rollback']);
  expect(rolled.code, rolled.out).toBe(0);
  await expect.poll(() => servedVersion(), { timeout: 5_000 }).not.toBe(version);
  expect(await productsHtml()).not.toContain(MARKER);
  const back = await headingFor(browser, null);
  expect(back.heading).toBe('Products');
  expect(back.problems).toEqual([]);

  // 3. Canary at 50 %: bucket 10 gets the marker build, bucket 90 the current one, every time.
  const canary = release(['--version', version, '--canary', '50']);
  expect(canary.code, canary.out).toBe(0);
  expect((await routing()).canary).toEqual({ version, percent: 50 });
  await expect.poll(() => servedVersion(10), { timeout: 5_000 }).toBe(version);
  for (let visit = 0; visit < 2; visit += 1) {
    expect(await servedVersion(10)).toBe(version);
    expect(await servedVersion(90)).not.toBe(version);
    expect(await productsHtml(10)).toContain(MARKER);
    expect(await productsHtml(90)).not.toContain(MARKER);
    const inCanary = await headingFor(browser, 10);
    const outside = await headingFor(browser, 90);
    expect([inCanary.heading, outside.heading]).toEqual([MARKER, 'Products']);
    expect([...inCanary.problems, ...outside.problems]).toEqual([]);
  }

  // 4. Refused releases, each naming what is wrong; nothing changes.
  const before = { routing: await routing(), releases: await releases() };
  const noProducts = copyOfCatalog('no-products-page');
  editManifest(noProducts, (manifest) => {
    manifest.exposes = manifest.exposes.filter((item) => item.name !== 'ProductsPage');
  });
  const missing = release(['--dist', noProducts, '--promote']);
  expect(missing.code).toBe(1);
  expect(missing.out).toContain('422');
  expect(missing.out).toContain('missing exposed module the host loads: catalog/ProductsPage');
  const oldReact = copyOfCatalog('react-18');
  editManifest(oldReact, (manifest) => {
    for (const shared of manifest.shared)
      if (shared.name === 'react' || shared.name === 'react/jsx-runtime') shared.version = '18.3.1';
  });
  const major = release(['--dist', oldReact, '--promote']);
  expect(major.code).toBe(1);
  expect(major.out).toMatch(
    /shared singleton of another major than the host's: react 18\.3\.1 \(host has 19\./,
  );
  expect({ routing: await routing(), releases: await releases() }).toEqual(before);
  expect(await servedVersion(10)).toBe(version);

  // 5. The auth remote's token cannot release the catalog.
  const foreign = release(['--dist', marker, '--promote'], E2E_DEPLOY_TOKENS.auth);
  expect(foreign.code).toBe(1);
  expect(foreign.out).toContain('403 This deploy token is for auth, not catalog');
  expect({ routing: await routing(), releases: await releases() }).toEqual(before);

  // The audit log tells the story; the site was never restarted.
  const audit = ((await api('/api/v1/releases/catalog')).data.audit as { action: string }[]).map(
    (row) => row.action,
  );
  expect(audit.slice(0, 6)).toEqual(['refuse', 'refuse', 'canary', 'rollback', 'promote', 'release']);
  release(['--canary', '0']);
  expect(pid).toBeTruthy();
  expect(() => process.kill(pid as number, 0)).not.toThrow();
  expect(await startTime()).toBe(started);
});
