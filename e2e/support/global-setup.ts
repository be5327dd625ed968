/**
 * Global setup of the e2e run (returns its teardown):
 *
 * 1. builds the stale front-end bundles (`node scripts/build-if-stale.mjs`) and copies the four
 *    `dist/` folders into the run's temp folder, served from there through STATIC_ROOT: the
 *    working tree is shared, and a rebuild during the run (another session, another run) would
 *    replace the hashed chunks under the running site;
 * 2. starts a local SMTP server (`smtp-server.ts`) writing mails into the run's temp folder;
 * 3. starts the site exactly like `npm start` (`node scripts/start.mjs`) on a free port, with a
 *    temporary DATA_DIR (so the embedded database is empty and gets the demo data), SMTP_URL at
 *    that server, PUBLIC_URL = the site's URL, and DATABASE_URL removed (the e2e site always runs
 *    on the embedded database, even when CI sets DATABASE_URL for the API tests);
 * 4. waits for `GET /api/v1/health`, then hands the base URL and mail folder to the tests
 *    (`site.ts`).
 *
 * Teardown: prints how many reads and renders the site shed under load (`reportShed`), SIGTERM
 * to the site process (awaiting its exit), closes the SMTP server, copies the
 * site's log to `test-results/site-server.log` and deletes the temp folder (kept with
 * E2E_KEEP_TMP=1).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_ENV_NAMES } from '../../api/src/config-env-names';
import { freePort } from '../../scripts/test-machine.mjs';
import { E2E_ADMIN_EMAIL, E2E_SIGNALS_ADMIN_EMAIL } from './accounts';
import { E2E_DEPLOY_TOKENS, E2E_METRICS_TOKEN, type SiteState, STATE_FILE_ENV } from './site';
import { type LocalSmtpServer, startSmtpServer } from './smtp-server';

const ROOT = path.resolve(__dirname, '../..');
const E2E_DIR = path.resolve(__dirname, '..');
const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Every rate limit's allowance is multiplied by this (RATE_LIMIT_FACTOR, `api/src/auth/rate-limits.ts`):
 * the suite signs up and logs in many times from 127.0.0.1. The limits themselves are API-tested.
 */
const RATE_LIMIT_FACTOR = '50';

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Prints how many API reads (503) and page renders (client-rendered shell) the site shed under
 * load during the run (`campus_shed_total` of `GET /metrics`; ADR 0030): a test that waited on
 * a shed read reads as a flake, and this line says whether the site was shedding. Silent when
 * the site cannot answer.
 */
async function reportShed(baseURL: string): Promise<void> {
  try {
    const response = await fetch(`${baseURL}/metrics`, {
      headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` },
      signal: AbortSignal.timeout(5_000),
    });
    const text = await response.text();
    const count = (kind: string) =>
      Number(new RegExp(`^campus_shed_total\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 'NaN');
    console.log(
      `[e2e] the site shed ${count('api')} API reads and ${count('render')} page renders under load`,
    );
  } catch {
    // the site is gone or not answering: nothing to report
  }
}

/** Front-end packages whose `dist/` the site serves. */
const FRONTENDS = ['host', 'mfe-catalog', 'mfe-auth', 'mfe-dashboard'];

/** Files a built package needs (host: the scripts of index.html; remote: its manifest's assets). */
function missingFiles(dist: string, pkg: string): string[] {
  const wanted: string[] = [];
  if (pkg === 'host') {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    wanted.push(...Array.from(html.matchAll(/src="\/([^"]+\.js)"/g), (match) => match[1] ?? ''));
  } else {
    type Assets = { js: { sync: string[]; async: string[] } };
    const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
      metaData: { remoteEntry: { name: string } };
      exposes: { assets: Assets }[];
      shared: { assets: Assets }[];
    };
    wanted.push(manifest.metaData.remoteEntry.name);
    for (const { assets } of [...manifest.exposes, ...manifest.shared])
      wanted.push(...assets.js.sync, ...assets.js.async);
  }
  return wanted.filter((file) => !existsSync(path.join(dist, file)));
}

/**
 * Copies every package's `dist/` to `<target>/<pkg>/dist` and checks the copy is complete (a
 * build running elsewhere at that moment could leave it half-written); retries a few times.
 */
async function snapshotBundles(target: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    rmSync(target, { recursive: true, force: true });
    const problems: string[] = [];
    for (const pkg of FRONTENDS) {
      const dist = path.join(target, pkg, 'dist');
      try {
        cpSync(path.join(ROOT, pkg, 'dist'), dist, { recursive: true });
        problems.push(...missingFiles(dist, pkg).map((file) => `${pkg}/dist/${file}`));
      } catch (error) {
        problems.push(`${pkg}: ${(error as Error).message}`);
      }
    }
    if (problems.length === 0) return;
    if (attempt === 5) throw new Error(`The built bundles are incomplete: ${problems.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

async function waitForHealth(baseURL: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The site exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail(logFile)}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET ${baseURL}/api/v1/health not OK within ${HEALTH_TIMEOUT_MS} ms:\n${tail(logFile)}`);
}

/** Sends SIGTERM to the process (by its PID) and waits for it to exit; SIGKILL after a timeout. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.pid && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0)
    throw new Error(`Building the stale front-end bundles failed (exit ${build.status})`);

  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'campus-soko-e2e-'));
  const mailDir = path.join(tmpDir, 'mail');
  const logFile = path.join(tmpDir, 'site.log');
  let smtp: LocalSmtpServer | undefined;
  let site: ChildProcess | undefined;
  let siteURL: string | undefined;

  const teardown = async () => {
    if (site && siteURL) await reportShed(siteURL);
    if (site) await stop(site);
    if (smtp) await smtp.close();
    try {
      mkdirSync(path.join(E2E_DIR, 'test-results'), { recursive: true });
      copyFileSync(logFile, path.join(E2E_DIR, 'test-results', 'site-server.log'));
    } catch {
      // no log to keep
    }
    if (!process.env.E2E_KEEP_TMP) rmSync(tmpDir, { recursive: true, force: true });
  };

  try {
    const staticRoot = path.join(tmpDir, 'static');
    await snapshotBundles(staticRoot);
    smtp = await startSmtpServer(mailDir);
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    siteURL = baseURL;
    const env: NodeJS.ProcessEnv = { ...process.env };
    // Every API setting: the site runs like a plain `npm start`, whatever the caller's environment.
    for (const key of CONFIG_ENV_NAMES) delete env[key];
    Object.assign(env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmpDir, 'data'),
      SMTP_URL: smtp.url,
      PUBLIC_URL: baseURL,
      STATIC_ROOT: staticRoot,
      RATE_LIMIT_FACTOR,
      // Saved-search alerts leave 1 s after a match instead of 60 s (docs/product.md §30).
      SAVED_SEARCH_ALERT_DELAY_MS: '1000',
      ADMIN_EMAILS: `${E2E_ADMIN_EMAIL},${E2E_SIGNALS_ADMIN_EMAIL}`,
      DEPLOY_TOKENS: Object.entries(E2E_DEPLOY_TOKENS)
        .map(([remote, token]) => `${remote}:${token}`)
        .join(','),
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      LOG_LEVEL: 'warn',
    });
    const log = openSync(logFile, 'a');
    site = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', log, log],
    });
    await waitForHealth(baseURL, site, logFile);

    const state: SiteState = { baseURL, mailDir, tmpDir, staticRoot, pid: site.pid };
    const stateFile = path.join(tmpDir, 'e2e-state.json');
    writeFileSync(stateFile, JSON.stringify(state, null, 2));
    process.env[STATE_FILE_ENV] = stateFile;
    process.env.E2E_BASE_URL = baseURL;
    console.log(`[e2e] site on ${baseURL} (pid ${site.pid}), mails via ${smtp.url}, temp ${tmpDir}`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
