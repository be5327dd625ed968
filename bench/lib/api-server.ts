/**
 * One server under load, in its own process (so the load generator never shares its event loop).
 * Started by bench/api.ts with `node --import tsx bench/lib/api-server.ts`; BENCH_SERVER says which:
 *
 * - `api`: the real API — `loadConfig()` from the environment the parent set (NODE_ENV production,
 *   LOG_LEVEL warn so no request logs, DATABASE_URL or DATA_DIR, RATE_LIMIT_FACTOR), `buildApp`,
 *   listen on HOST:PORT. Exactly what `npm start` runs, minus the demo seed and static files.
 * - `ceiling`: a bare Fastify (no logger, no plugins) answering `GET /api/v1/products` with the
 *   fixed page in BENCH_CEILING_FILE, serialized through the real list response schema.
 *
 * Both answer `GET /api/v1/health`; the API also `GET /__bench/response-cache` (its response cache's
 * counters). SIGTERM closes the server (and the database).
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { listProductsSchema } from '../../api/src/products/schemas.ts';

async function ceiling(): Promise<FastifyInstance> {
  const file = process.env.BENCH_CEILING_FILE;
  if (!file) throw new Error('BENCH_CEILING_FILE is not set');
  const page = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const app = Fastify({ logger: false });
  app.get(
    '/api/v1/products',
    { schema: { response: { 200: listProductsSchema.response[200] } } },
    async () => page,
  );
  app.get('/api/v1/health', async () => ({ status: 'success' }));
  return app;
}

async function main(): Promise<void> {
  const kind = process.env.BENCH_SERVER;
  const config = loadConfig();
  const app = kind === 'ceiling' ? await ceiling() : kind === 'api' ? await buildApp(config) : undefined;
  if (!app) throw new Error(`BENCH_SERVER must be 'api' or 'ceiling', got '${kind}'`);
  // Bench only: the response cache's counters, read around each slice (how many requests ran queries).
  if (kind === 'api') app.get('/__bench/response-cache', async () => app.responseCache.stats);
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
