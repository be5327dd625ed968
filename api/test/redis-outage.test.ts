/**
 * Redis down, the API up (docs/decisions/0030): the app reaches Redis (database 7) through a TCP
 * proxy the test closes and reopens. While it is closed, lists, items, logins (rate-limited),
 * signups (which invalidate cached answers) and chat clicks (the visitor salt) answer as usual,
 * with the rate limits still holding per process; readiness reports Redis down with a 200; the
 * outage and the recovery are logged once each; after the proxy reopens the app uses Redis again
 * by itself. Skipped, with the reason, when Redis is not reachable on 127.0.0.1:6379.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.ts';
import { REDIS_BACK_LOG, REDIS_DOWN_LOG } from '../src/common/redis-fallback.ts';
import { insertProduct, insertUser, signupBody } from './fixtures.ts';
import { deleteKeys, ENGINES, json, openTestDatabase, testConfig } from './helper.ts';
import { cuttableProxy } from './tcp-proxy.ts';

const REDIS = { host: '127.0.0.1', port: 6379 };
const REDIS_DB = 7;

/** True when something accepts TCP connections on `target` within 1 s. */
function reachable(target: { host: string; port: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(target);
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const skip = !(await reachable(REDIS)) && `Redis is not reachable on ${REDIS.host}:${REDIS.port}`;

/**
 * Resolves once `condition()` holds (checked every 20 ms); rejects naming `what` after 60 s, so a
 * test that cannot get there fails instead of keeping the process alive.
 */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const engine of ENGINES) {
  describe(`Redis cut and back [${engine}]`, { skip, timeout: 120_000 }, () => {
    let app: FastifyInstance;
    let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
    let direct: Redis;
    let dataDir: string;
    const lines: string[] = [];
    const prefix = `campus-outage-${randomBytes(4).toString('hex')}:`;
    const logged = (message: string) => lines.filter((line) => line.includes(message)).length;

    before(async () => {
      proxy = await cuttableProxy(REDIS);
      direct = new Redis({ ...REDIS, db: REDIS_DB });
      dataDir = await mkdtemp(path.join(tmpdir(), 'campus-redis-outage-'));
      app = await buildApp(
        testConfig(dataDir, { REDIS_URL: `redis://127.0.0.1:${proxy.port}/${REDIS_DB}` }),
        {
          database: await openTestDatabase(engine),
          logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
          redisKeyPrefix: prefix,
        },
      );
      await app.ready();
    });
    after(async () => {
      await app?.close();
      await proxy?.cut();
      if (direct) {
        await deleteKeys(direct, prefix);
        direct.disconnect();
      }
      await rm(dataDir, { recursive: true, force: true });
    });

    it('keeps answering while Redis is cut, logs it once, limits per process, and recovers by itself', async () => {
      const seller = await insertUser(app.db, { whatsapp: '+254712345678' });
      const product = await insertProduct(app.db, {
        seller_id: seller.id,
        title: 'Casio fx-991ES',
        price: 1500,
      });
      const login = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: 'wanjiku@example.com', password },
          remoteAddress: '10.0.0.7',
        });

      // Up: Redis in use.
      assert.equal((await app.inject({ url: '/api/v1/products' })).statusCode, 200);
      assert.deepEqual(json(await app.inject({ url: '/api/v1/health/ready' })).checks, {
        database: 'ok',
        redis: 'ok',
      });
      assert.ok((await direct.keys(`${prefix}*`)).length > 0, 'the app keeps its keys in Redis');

      await proxy.cut();

      // Reads, an item, a chat click (the day's salt), a signup (invalidates cached answers).
      for (let i = 0; i < 3; i++) {
        const list = await app.inject({ url: '/api/v1/products' });
        assert.equal(list.statusCode, 200, list.body);
        assert.equal(json(list).data.products.length, 1);
      }
      assert.equal((await app.inject({ url: `/api/v1/products/${product.id}` })).statusCode, 200);
      const chat = await app.inject({ url: `/api/v1/products/${product.id}/chat` });
      assert.equal(chat.statusCode, 302, chat.body);
      const signup = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: signupBody(`chebet.${randomBytes(3).toString('hex')}@example.com`),
      });
      assert.equal(signup.statusCode, 201, signup.body);

      // Rate limits fail safe: the per-(e-mail, address) login limit (10 per 15 min) still holds.
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await login(`wrong-password-${i}`)).statusCode);
      assert.deepEqual(statuses, [...Array(10).fill(401), 429]);

      const ready = await app.inject({ url: '/api/v1/health/ready' });
      assert.equal(ready.statusCode, 200, 'the process still serves: it stays in rotation');
      assert.deepEqual(json(ready).checks, { database: 'ok', redis: 'down' });
      assert.equal((await app.inject({ url: '/api/v1/health/live' })).statusCode, 200);

      assert.equal(app.redisBreaker?.isOpen, true);
      assert.equal(logged(REDIS_DOWN_LOG), 1, 'the outage is logged once, not per request');

      // Back: ioredis reconnects by itself and the breaker closes.
      await proxy.reopen();
      await until(() => app.redisBreaker?.isOpen === false, 'the breaker closing after the proxy reopened');
      assert.equal(logged(REDIS_BACK_LOG), 1);
      assert.equal(logged(REDIS_DOWN_LOG), 1);
      // Recovery bumps the shared versions (answers cached elsewhere before the signup are dropped).
      // The bump is sent when the breaker closes, through the proxy; this test reads Redis directly,
      // so it waits for the bump to arrive instead of racing it.
      let accountsVersion = 0;
      await until(async () => {
        accountsVersion = Number(await direct.get(`${prefix}cache:version:accounts`));
        return accountsVersion >= 1;
      }, 'the recovery bump of the accounts version');
      const list = await app.inject({ url: '/api/v1/products' });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(json(await app.inject({ url: '/api/v1/health/ready' })).checks, {
        database: 'ok',
        redis: 'ok',
      });
      // Counting in Redis again: this address and e-mail used up their 10 attempts in the process's
      // own counters (429 there) but none in Redis, so a 401 means the login was counted in Redis.
      // On a loaded machine one command can pass REDIS_COMMAND_TIMEOUT_MS and reopen the breaker
      // for a second (counted in the process again), so this waits for Redis's answer.
      await until(
        async () => (await login('another-wrong-password')).statusCode === 401,
        'a login counted in Redis after the recovery',
      );
      assert.ok(
        (await direct.keys(`${prefix}rate-limit:*`)).length > 0,
        'after recovery the login is counted in Redis',
      );
    });
  });
}
