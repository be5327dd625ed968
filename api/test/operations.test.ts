/**
 * Operations endpoints (docs/product.md §22.5): `GET /metrics` (Prometheus text, bearer METRICS_TOKEN)
 * and the health probes `/api/v1/health/live` and `/api/v1/health/ready`, including a database
 * that goes away: PGlite closed under the app, and PostgreSQL reached through a TCP proxy that
 * the test stops (when DATABASE_URL is set).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/database.ts';
import { DATABASE_DOWN_MESSAGE } from '../src/health/routes.ts';
import { insertQueuedMail } from '../src/mail/outbox-repository.ts';
import { buildTestApp, createThrowawayPostgres, forEachEngine, json, testConfig } from './helper.ts';
import { cuttableProxy } from './tcp-proxy.ts';

const TOKEN = 'metrics-token-0123456789';

/** The metric names (`# TYPE <name> <type>` lines) of a Prometheus text answer. */
function metricNames(body: string): Set<string> {
  return new Set([...body.matchAll(/^# TYPE (\S+) \S+$/gm)].map((match) => match[1]!));
}

forEachEngine('GET /metrics', (ctx) => {
  it('answers the Prometheus text with request, cache, pool and event-loop metrics', async () => {
    const { app } = ctx;
    assert.equal((await app.inject({ url: '/api/v1/products' })).statusCode, 200);
    assert.equal((await app.inject({ url: '/api/v1/products' })).statusCode, 200);
    assert.equal((await app.inject({ url: '/api/v1/nope' })).statusCode, 404);
    const response = await app.inject({ url: '/metrics' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const names = metricNames(response.body);
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'campus_response_cache_requests_total',
      'campus_response_cache_hit_ratio',
      'campus_db_pool_connections',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      assert.ok(names.has(name), `${name} missing from /metrics`);
    }
    assert.match(
      response.body,
      /^http_requests_total\{method="GET",route="\/api\/v1\/products",status_code="200"\} 2$/m,
    );
    assert.match(
      response.body,
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/products",status_code="200"\} 2$/m,
    );
    assert.match(response.body, /^campus_response_cache_requests_total\{result="hit"\} 1$/m);
    assert.match(response.body, /^campus_response_cache_requests_total\{result="miss"\} 1$/m);
    assert.match(response.body, /^campus_response_cache_hit_ratio 0\.5$/m);
    assert.match(response.body, /^campus_db_pool_connections\{state="max"\} [1-9]\d*$/m);
  });

  it('names the mail outbox depth and failures with real values, and the event-loop lag', async () => {
    const { app } = ctx;
    // The sender stopped, a queued mail stays pending until the drain below.
    await app.outbox.stop();
    try {
      await insertQueuedMail(
        app.db,
        {
          kind: 'metrics-test',
          to: 'wanjiku@students.example.ke',
          subject: 'Hello',
          text: 'Hi',
          html: '<p>Hi</p>',
        },
        new Date(Date.now() - 5_000),
      );
      const queued = (await app.inject({ url: '/metrics' })).body;
      for (const name of [
        'campus_mail_outbox_depth',
        'campus_mail_outbox_oldest_pending_seconds',
        'campus_mail_outbox_failures_total',
        'campus_mail_outbox_sent_total',
        'campus_mail_outbox_dead_total',
        'nodejs_eventloop_lag_seconds',
        'nodejs_eventloop_lag_p99_seconds',
      ]) {
        assert.ok(metricNames(queued).has(name), `${name} missing from /metrics`);
      }
      assert.match(queued, /^campus_mail_outbox_depth\{state="pending"\} 1$/m);
      assert.match(queued, /^campus_mail_outbox_depth\{state="dead"\} 0$/m);
      assert.match(queued, /^campus_mail_outbox_failures_total 0$/m);
      const age = Number(/^campus_mail_outbox_oldest_pending_seconds (\S+)$/m.exec(queued)?.[1]);
      assert.ok(age >= 4 && age < 120, `oldest pending age ${age} s`);
      assert.match(queued, /^nodejs_eventloop_lag_seconds \d/m);

      await app.outbox.drain();
      const sent = (await app.inject({ url: '/metrics' })).body;
      assert.match(sent, /^campus_mail_outbox_depth\{state="pending"\} 0$/m);
      assert.match(sent, /^campus_mail_outbox_sent_total [1-9]\d*$/m);
      assert.match(sent, /^campus_mail_outbox_oldest_pending_seconds 0$/m);
    } finally {
      app.outbox.start();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
  });
  after(async () => {
    await app?.close();
  });

  it('refuses a missing or wrong bearer token with 401 and answers the right one', async () => {
    const missing = await app.inject({ url: '/metrics' });
    assert.equal(missing.statusCode, 401);
    assert.equal(json(missing).status, 'fail');
    assert.equal(missing.headers['www-authenticate'], 'Bearer');
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    assert.equal(wrong.statusCode, 401);
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(right.statusCode, 200);
    assert.ok(metricNames(right.body).has('http_requests_total'));
  });
});

describe('health probes [pglite]', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp('pglite');
  });
  after(async () => {
    await app?.close();
  });

  it('live and ready answer ok while the database answers; /health keeps its answer', async () => {
    const live = await app.inject({ url: '/api/v1/health/live' });
    assert.equal(live.statusCode, 200);
    assert.deepEqual(json(live), { status: 'ok' });
    const ready = await app.inject({ url: '/api/v1/health/ready' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(json(ready), { status: 'ok', checks: { database: 'ok', redis: 'off' } });
    assert.equal(ready.headers['cache-control'], 'no-store');
    assert.deepEqual(json(await app.inject({ url: '/api/v1/health' })), { status: 'ok' });
  });

  it('ready answers 503 once the database is closed, live stays 200', async () => {
    await app.database.destroy();
    const ready = await app.inject({ url: '/api/v1/health/ready' });
    assert.equal(ready.statusCode, 503);
    assert.deepEqual(json(ready), {
      status: 'error',
      message: DATABASE_DOWN_MESSAGE,
      checks: { database: 'down', redis: 'off' },
    });
    assert.equal((await app.inject({ url: '/api/v1/health/live' })).statusCode, 200);
    assert.equal((await app.inject({ url: '/api/v1/health' })).statusCode, 503);
  });
});

describe('health probes [postgres through a proxy that stops]', {
  skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set',
}, () => {
  let app: FastifyInstance;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let drop: () => Promise<void>;
  let dataDir: string;
  before(async () => {
    const throwaway = await createThrowawayPostgres();
    drop = throwaway.drop;
    const url = new URL(throwaway.url);
    proxy = await cuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-ops-'));
    const database = await createDatabase({ engine: 'postgres', url: url.toString() }, { poolSize: 2 });
    app = await buildApp(testConfig(dataDir), { database, logger: false });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ready is 200 through the proxy, 503 with the database down once it stops; live stays 200', async () => {
    assert.equal((await app.inject({ url: '/api/v1/health/ready' })).statusCode, 200);
    await proxy.cut();
    const ready = await app.inject({ url: '/api/v1/health/ready' });
    assert.equal(ready.statusCode, 503);
    assert.equal(json(ready).message, DATABASE_DOWN_MESSAGE);
    assert.deepEqual(json(ready).checks, { database: 'down', redis: 'off' });
    assert.equal((await app.inject({ url: '/api/v1/health/live' })).statusCode, 200);
  });
});
