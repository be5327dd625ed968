/**
 * Client address and TRUST_PROXY (ADR 0012), against a listening server reached from two
 * real source addresses of this machine (127.0.0.1 and 127.0.0.2, Node's `localAddress`):
 * - TRUST_PROXY unset: a client's own X-Forwarded-For is ignored, so it cannot escape the per-IP
 *   signup limit by changing the header, while a client at another address has its own allowance;
 *   the request logs show the socket's address;
 * - TRUST_PROXY=1 (one proxy in front): the forwarded address is the client's (its own limit, in
 *   the logs);
 * - TRUST_PROXY=<list>: only the listed proxy's header is believed;
 * - the parsing of TRUST_PROXY.
 * Every rate limit is scaled to 1 (RATE_LIMIT_FACTOR) so the second signup of a client is over;
 * NODE_ENV=production as under `npm start` (it used to turn on trusting every X-Forwarded-For).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, parseTrustProxy } from '../src/config.ts';
import { openTestDatabase, testConfig } from './helper.ts';

interface Server {
  app: FastifyInstance;
  port: number;
  /** Parsed JSON log lines written so far. */
  logs: Record<string, unknown>[];
}

const servers: { app: FastifyInstance; dataDir: string }[] = [];
after(async () => {
  for (const { app, dataDir } of servers) {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

/** Builds and starts the app on 127.0.0.1:<random> with request logging captured. */
async function start(env: Record<string, string>): Promise<Server> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-ip-'));
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  const config = testConfig(dataDir, { NODE_ENV: 'production', RATE_LIMIT_FACTOR: '0.0001', ...env });
  const app = await buildApp(config, {
    database: await openTestDatabase('pglite'),
    logger: { level: 'info', stream },
  });
  servers.push({ app, dataDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, logs };
}

/** POSTs a new signup from `localAddress`, with an optional X-Forwarded-For; resolves the status. */
function signup(server: Server, localAddress: string, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify({
    firstName: 'Achieng',
    lastName: 'Otieno',
    email: `student-${randomUUID()}@students.example.ac.ke`,
    whatsApp: '254712345678',
    university: 'University of Nairobi',
    password: 'Mvua-Kubwa-Leo-7391',
    passwordConfirm: 'Mvua-Kubwa-Leo-7391',
  });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress,
        method: 'POST',
        path: '/api/v1/auth/signup',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The remote addresses of the logged incoming signup requests, in order. */
const loggedAddresses = (server: Server): unknown[] =>
  server.logs
    .filter(
      (line) =>
        line.msg === 'incoming request' && (line.req as { url?: string })?.url === '/api/v1/auth/signup',
    )
    .map((line) => (line.req as { remoteAddress?: string }).remoteAddress);

describe('client address (§14)', () => {
  it('TRUST_PROXY unset: a spoofed X-Forwarded-For does not escape the per-IP signup limit', async () => {
    const server = await start({});
    assert.notEqual(await signup(server, '127.0.0.1', '203.0.113.1'), 429, 'first signup of 127.0.0.1');
    assert.equal(
      await signup(server, '127.0.0.1', '203.0.113.2'),
      429,
      'a new X-Forwarded-For is no new client',
    );
    assert.equal(await signup(server, '127.0.0.1'), 429);
    assert.notEqual(
      await signup(server, '127.0.0.2', '203.0.113.1'),
      429,
      'another address has its own allowance',
    );
    assert.deepEqual(loggedAddresses(server), ['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.2']);
  });

  it('TRUST_PROXY=1: the address forwarded by the proxy is the client (limit and logs)', async () => {
    const server = await start({ TRUST_PROXY: '1' });
    assert.notEqual(await signup(server, '127.0.0.1', '203.0.113.1'), 429);
    assert.notEqual(await signup(server, '127.0.0.1', '203.0.113.2'), 429, 'another client behind the proxy');
    assert.equal(await signup(server, '127.0.0.1', '203.0.113.1'), 429, 'the same client again');
    // Only the nearest hop is believed: what the client itself put first in the header is not.
    assert.equal(await signup(server, '127.0.0.1', '198.51.100.9, 203.0.113.1'), 429);
    assert.deepEqual(loggedAddresses(server), ['203.0.113.1', '203.0.113.2', '203.0.113.1', '203.0.113.1']);
  });

  it('TRUST_PROXY=<address list>: only a listed proxy may forward an address', async () => {
    const server = await start({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.2' });
    assert.notEqual(await signup(server, '127.0.0.1', '203.0.113.1'), 429);
    assert.equal(await signup(server, '127.0.0.1', '203.0.113.2'), 429, '127.0.0.1 is not a trusted proxy');
    assert.notEqual(await signup(server, '127.0.0.2', '198.51.100.7'), 429, 'forwarded by the listed proxy');
    assert.deepEqual(loggedAddresses(server), ['127.0.0.1', '127.0.0.1', '198.51.100.7']);
  });

  it('TRUST_PROXY parsing: unset/0 trust nobody, digits are hops, lists of addresses and CIDRs, errors named', () => {
    assert.equal(parseTrustProxy(undefined), false);
    assert.equal(parseTrustProxy('0'), false);
    assert.equal(parseTrustProxy('2'), 2);
    assert.deepEqual(parseTrustProxy('10.0.0.0/8, 192.168.1.10,::1,fd00::/8,loopback'), [
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'proxy.example', '10.0.0.0/33', '1.2.3', '10.0.0.1/8/8']) {
      assert.throws(() => parseTrustProxy(bad), /TRUST_PROXY/, bad);
    }
    assert.equal(loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(40) }).trustProxy, false);
    assert.throws(
      () => loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: 'yes' }),
      /TRUST_PROXY/,
    );
  });
});
