/**
 * Test helpers: build the app on a fresh database of each engine.
 *
 * - PGlite: always, in memory (nothing on disk, nothing to clean).
 * - PostgreSQL: only when DATABASE_URL is set; each app gets a throwaway database
 *   `campus_test_<random>` created on that server and dropped (WITH FORCE) when the app closes.
 *
 * An app's database starts as a copy of a migrated template (`database-templates.ts`), so it
 * does not run every migration again; `openTestDatabase` gives an empty one for the tests of the
 * migrations themselves.
 *
 * Use `forEachEngine('products', (ctx) => { ... })`: it declares one `describe` per engine whose
 * `before` builds the app (`ctx.app`) and whose `after` closes it, so suites run unchanged on both.
 */
import type { ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type BuildOverrides, buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { createDatabase, type DatabaseHandle, type Engine } from '../src/db/database.ts';
import type { UserRow } from '../src/db/schema.ts';
import type { OutboxOptions } from '../src/mail/outbox.ts';
import {
  adminQuery,
  databaseUrl,
  dropPostgresDatabase,
  openMigratedPglite,
  postgresTemplateName,
} from './database-templates.ts';

/** Engines the suites run on: PGlite, plus PostgreSQL when DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** A configuration for tests: in-memory PGlite, a temporary DATA_DIR, no logs. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    SERVE_STATIC: '0',
    ...env,
  });
}

/**
 * Creates a PostgreSQL database on the DATABASE_URL server: empty, or a copy of database
 * `template` (`CREATE DATABASE … TEMPLATE`, see `database-templates.ts`).
 * @returns its URL and a function that drops it
 */
export async function createThrowawayPostgres(
  template: string | null = null,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `campus_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return { url: databaseUrl(adminUrl, name), drop: () => dropPostgresDatabase(adminUrl, name) };
}

/** `handle` whose `destroy()` also drops its throwaway PostgreSQL database. */
function droppingOnDestroy(handle: DatabaseHandle, drop: () => Promise<void>): DatabaseHandle {
  return {
    ...handle,
    async destroy() {
      await handle.destroy();
      await drop();
    },
  };
}

/**
 * Opens a fresh, empty (not migrated) database of `engine`. Its `destroy()` also drops the
 * throwaway PostgreSQL database.
 */
export async function openTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === 'pglite') return createDatabase({ engine: 'pglite', dataDir: null });
  const { url, drop } = await createThrowawayPostgres();
  return droppingOnDestroy(await createDatabase({ engine: 'postgres', url }, { poolSize: 4 }), drop);
}

/**
 * Opens a fresh database of `engine` with every migration applied: a copy of the run's migrated
 * template (`database-templates.ts`); on PostgreSQL without a template, an empty database (the
 * app migrates it). Its `destroy()` also drops the throwaway PostgreSQL database.
 */
export async function openMigratedTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === 'pglite') return openMigratedPglite();
  const { url, drop } = await createThrowawayPostgres(postgresTemplateName());
  return droppingOnDestroy(await createDatabase({ engine: 'postgres', url }, { poolSize: 4 }), drop);
}

export interface TestAppOptions {
  /** Extra environment for `loadConfig` (e.g. SERVE_STATIC, STATIC_ROOT). */
  env?: Record<string, string>;
  /** Runs before `ready()`: add test-only routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** URLs per sitemap file (buildApp's `sitemapPageSize`). */
  sitemapPageSize?: number;
  /** `BuildOverrides.requestTimeoutMs` (a short one to test slow clients). */
  requestTimeoutMs?: number;
  /** Mail outbox timings (e.g. short retries). */
  outbox?: OutboxOptions;
  /** Release registry options (`BuildOverrides.releases`: upload limits, host versions). */
  releases?: BuildOverrides['releases'];
  /** Remote serving options (`BuildOverrides.remoteServing`: rollback threshold, clock). */
  remoteServing?: BuildOverrides['remoteServing'];
  /** The deals' clock (`BuildOverrides.deals`). */
  deals?: BuildOverrides['deals'];
  /** Saved-search alert timings and clock (`BuildOverrides.savedSearchAlerts`). */
  savedSearchAlerts?: BuildOverrides['savedSearchAlerts'];
}

/**
 * Builds and readies an app on a fresh migrated database of `engine` with a temporary DATA_DIR.
 * `app.close()` closes the database, drops a PostgreSQL throwaway database and removes DATA_DIR.
 */
export async function buildTestApp(engine: Engine, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-test-'));
  const database = await openMigratedTestDatabase(engine);
  const app = await buildApp(testConfig(dataDir, options.env), {
    database,
    logger: false,
    sitemapPageSize: options.sitemapPageSize,
    requestTimeoutMs: options.requestTimeoutMs,
    outbox: options.outbox,
    releases: options.releases,
    remoteServing: options.remoteServing,
    deals: options.deals,
    savedSearchAlerts: options.savedSearchAlerts,
  });
  app.addHook('onClose', async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  await options.beforeReady?.(app);
  await app.ready();
  return app;
}

/** What a suite body receives: the app of its engine (set in `before`). */
export interface EngineContext {
  engine: Engine;
  app: FastifyInstance;
}

/**
 * Declares `describe('<title> [<engine>]')` for each engine in ENGINES, building the app before
 * the suite and closing it after.
 */
export function forEachEngine(
  title: string,
  body: (ctx: EngineContext) => void,
  options: TestAppOptions = {},
): void {
  for (const engine of ENGINES) {
    describe(`${title} [${engine}]`, () => {
      const ctx = { engine } as EngineContext;
      before(async () => {
        ctx.app = await buildTestApp(engine, options);
      });
      after(async () => {
        await ctx.app?.close();
      });
      body(ctx);
    });
  }
}

/** Parses a JSON response body (typed loosely: the tests check it with assertions). */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field by the tests
export const json = <T = any>(response: { body: string }): T => JSON.parse(response.body) as T;

/** A session token for `user` as login issues it (claims sub, pca, gen, jti; 7-day exp). */
export function sessionToken(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'password_changed_at' | 'session_generation'>,
): string {
  return app.jwt.sign({
    sub: user.id,
    pca: user.password_changed_at.getTime(),
    gen: user.session_generation,
    jti: randomUUID(),
  });
}

/** An HS256 JWT of exactly `claims` (no claim added: e.g. no `exp`), signed with the test key. */
export function rawHs256Token(claims: Record<string, unknown>, secret = TEST_JWT_SECRET): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Deletes every key under `prefix` (SCAN, never FLUSHDB: other runs may share the database). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}

/**
 * Collects what `child` writes on `streams` (stdout and stderr by default), for assertions and
 * failure messages.
 * @returns a function that gives the text written so far
 */
export function capturedOutput(
  child: ChildProcess,
  streams: readonly ('stdout' | 'stderr')[] = ['stdout', 'stderr'],
): () => string {
  let text = '';
  for (const name of streams)
    child[name]?.on('data', (chunk) => {
      text += chunk;
    });
  return () => text;
}
