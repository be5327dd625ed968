/**
 * Request timeout (ADR 0012): a client that dribbles its body (one byte at a time, so the
 * connection never goes idle) is cut when the whole request has taken longer than the request
 * timeout: the server answers 408 and closes the connection. Tested on a listening server with
 * the timeout shortened to 1.5 s (`requestTimeoutMs`) through a raw socket; the default
 * (REQUEST_TIMEOUT_MS, 120 s) is what `buildApp` gives the server otherwise.
 */
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REQUEST_TIMEOUT_MS } from '../src/app.ts';
import { buildTestApp, ENGINES } from './helper.ts';
import { account } from './selling-helpers.ts';

const SHORT_TIMEOUT_MS = 1500;

describe('request timeout (§14)', () => {
  const apps: FastifyInstance[] = [];
  after(async () => {
    for (const app of apps) await app.close();
  });

  it('the server gets the default request timeout', async () => {
    const app = await buildTestApp(ENGINES[0]!);
    apps.push(app);
    assert.equal(app.server.requestTimeout, REQUEST_TIMEOUT_MS);
  });

  const heads = {
    'a JSON body': () =>
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
    'a multipart upload (signed in)': (authorization: string) =>
      `POST /api/v1/products HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
      'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n' +
      '--x\r\nContent-Disposition: form-data; name="description"\r\n\r\n',
  };
  for (const [name, head] of Object.entries(heads)) {
    it(`${name} dribbled one byte every 300 ms is cut with 408 after the timeout`, async () => {
      const app = await buildTestApp(ENGINES[0]!, { requestTimeoutMs: SHORT_TIMEOUT_MS });
      apps.push(app);
      const seller = await account(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;

      const socket = net.connect({ port, host: '127.0.0.1' });
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk) => {
        received += chunk;
      });
      const started = Date.now();
      const closed = new Promise<number>((resolve) => {
        socket.on('close', () => resolve(Date.now() - started));
        socket.on('error', () => {});
      });
      socket.write(head(seller.auth.authorization));
      const dribble = setInterval(() => {
        if (!socket.destroyed) socket.write('a');
      }, 300);
      const closedAfter = await Promise.race([
        closed,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), 15_000)),
      ]);
      clearInterval(dribble);
      socket.destroy();
      assert.notEqual(closedAfter, -1, 'the connection was still open after 15 s');
      assert.ok(closedAfter >= SHORT_TIMEOUT_MS - 100, `closed after ${closedAfter} ms`);
      assert.match(received, /^HTTP\/1\.1 408 /, `answer: ${JSON.stringify(received.slice(0, 80))}`);
    });
  }
});
