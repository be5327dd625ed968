/**
 * One server under load, in its own process (so the load generator never shares its event loop).
 * Started by bench/api.ts with `node --import tsx bench/lib/api-server.ts`; BENCH_SERVER says which:
 *
 * - `api`: the real API — `loadConfig()` from the environment the parent set (NODE_ENV production,
 *   LOG_LEVEL warn so no request logs, DATABASE_URL or DATA_DIR, RATE_LIMIT_FACTOR), `buildApp`,
 *   listen on HOST:PORT. Exactly what `npm start` runs, minus the demo seed and static files.
 * - `api-without-trust`: the same API over a database opened here (as its database plugin would)
 *   and wrapped with the `WithoutTrustLookups` Kysely plugin (`without-trust-lookups.ts`), given to
 *   `buildApp` as `BuildOverrides.database`: its queries select neither the owners' ratings nor the
 *   scam signals, so list cards and items come without them; the baseline of the "without
 *   signals" scenarios (ADR 0034). The app takes ownership of that database (destroys it on close).
 * - `ceiling`: a bare Fastify (no logger, no plugins) answering `GET /api/v1/products` with the
 *   fixed page in BENCH_CEILING_FILE, serialized through the real list response schema.
 * - `node-ceiling`: a bare `node:http` server replaying the bytes of BENCH_CEILING_FILE for
 *   `GET /api/v1/products` (and `{"status":"ok"}` for the health check, 404 otherwise): no framework,
 *   the most this machine serves for that answer (ADR 0037).
 *
 * All answer `GET /api/v1/health`; the API also `GET /__bench/response-cache` (its response cache's
 * counters). SIGTERM closes the server (and the database).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { endpoints } from '@campus/shared/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app.ts';
import { type AppConfig, loadConfig } from '../../api/src/config.ts';
import { createDatabase } from '../../api/src/db/database.ts';
import { WithoutTrustLookups } from './without-trust-lookups.ts';

async function ceiling(): Promise<FastifyInstance> {
  const file = process.env.BENCH_CEILING_FILE;
  if (!file) throw new Error('BENCH_CEILING_FILE is not set');
  const page = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const app = Fastify({ logger: false });
  app.get(
    '/api/v1/products',
    { schema: { response: { 200: endpoints['GET /products'].answer } } },
    async () => page,
  );
  app.get('/api/v1/health', async () => ({ status: 'success' }));
  return app;
}

/** The `node-ceiling` server: the same JSON bytes for every products request, no framework. */
function nodeCeiling(port: number, host: string): void {
  const file = process.env.BENCH_CEILING_FILE;
  if (!file) throw new Error('BENCH_CEILING_FILE is not set');
  const page = readFileSync(file);
  const health = Buffer.from('{"status":"ok"}');
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    const body = url.startsWith('/api/v1/health') ? health : url.startsWith('/api/v1/products') ? page : null;
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => server.close(() => process.exit(0)));
  }
  server.listen(port, host);
}

/**
 * The `api-without-trust` server: `buildApp` over `config.database` opened with the options the
 * app's database plugin uses (default lock wait; a lost PGlite lock stops the server), its
 * queries rewritten by `WithoutTrustLookups`.
 */
async function apiWithoutTrust(config: AppConfig): Promise<FastifyInstance> {
  let app: FastifyInstance | undefined;
  const handle = await createDatabase(config.database, {
    onLockCompromised: (error) => {
      console.error(`lost the lock on the embedded database folder: stopping (${error.message})`);
      process.exitCode = 1;
      void app?.close();
    },
  });
  // `destroy` is the handle's own: it closes the pool the wrapped Kysely shares.
  app = await buildApp(config, {
    database: { ...handle, db: handle.db.withPlugin(new WithoutTrustLookups()) },
  });
  return app;
}

async function main(): Promise<void> {
  const kind = process.env.BENCH_SERVER;
  const config = loadConfig();
  if (kind === 'node-ceiling') {
    nodeCeiling(config.port, config.host);
    return;
  }
  const api = kind === 'api' || kind === 'api-without-trust';
  const app =
    kind === 'ceiling'
      ? await ceiling()
      : api
        ? kind === 'api'
          ? await buildApp(config)
          : await apiWithoutTrust(config)
        : undefined;
  if (!app) {
    throw new Error(
      `BENCH_SERVER must be 'api', 'api-without-trust', 'ceiling' or 'node-ceiling', got '${kind}'`,
    );
  }
  // Bench only: the response cache's counters, read around each slice (how many requests ran queries).
  if (api) app.get('/__bench/response-cache', async () => app.responseCache.stats);
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

try {
  await main();
} catch (error) {
  console.error(`bench server failed: ${(error as Error).stack ?? error}`);
  process.exit(1);
}
