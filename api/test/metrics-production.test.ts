/**
 * `GET /metrics` is not public in production (docs/decisions/0030): without METRICS_TOKEN a
 * production server answers 404 there and its start log says how to turn it on; with the token it
 * answers the scraper that sends it. Development and test keep it open without a token.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { METRICS_OFF_MESSAGE } from '../src/plugins/app/metrics.ts';
import { json, testConfig } from './helper.ts';

const TOKEN = 'metrics-token-0123456789';

/** Builds a ready app with `env`, its info-level log lines collected into `lines`. */
async function appWithLog(env: Record<string, string>, lines: string[]): Promise<FastifyInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-metrics-'));
  const app = await buildApp(testConfig(dataDir, env), {
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  app.addHook('onClose', async () => rm(dataDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

describe('GET /metrics in production', () => {
  const apps: FastifyInstance[] = [];
  after(async () => {
    for (const app of apps) await app.close();
  });

  it('answers 404 without METRICS_TOKEN, and the start log says how to turn it on', async () => {
    const lines: string[] = [];
    const app = await appWithLog({ NODE_ENV: 'production' }, lines);
    apps.push(app);
    const response = await app.inject({ url: '/metrics' });
    assert.equal(response.statusCode, 404);
    assert.equal(json(response).status, 'fail');
    assert.doesNotMatch(response.body, /http_requests_total/);
    // A token does not open it either: there is none to compare with.
    const guessed = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer x' } });
    assert.equal(guessed.statusCode, 404);
    const said = lines.filter((line) => line.includes(METRICS_OFF_MESSAGE));
    assert.equal(said.length, 1, 'one start-log line names METRICS_TOKEN');
    assert.match(METRICS_OFF_MESSAGE, /METRICS_TOKEN/);
  });

  it('answers the scraper with the bearer token when METRICS_TOKEN is set', async () => {
    const lines: string[] = [];
    const app = await appWithLog({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN }, lines);
    apps.push(app);
    assert.equal((await app.inject({ url: '/metrics' })).statusCode, 401);
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(right.statusCode, 200);
    assert.match(right.body, /^# TYPE http_requests_total counter$/m);
    assert.equal(lines.filter((line) => line.includes(METRICS_OFF_MESSAGE)).length, 0);
  });

  it('stays open without a token in development', async () => {
    const app = await appWithLog({ NODE_ENV: 'development' }, []);
    apps.push(app);
    assert.equal((await app.inject({ url: '/metrics' })).statusCode, 200);
  });
});
