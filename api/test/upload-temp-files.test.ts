/**
 * Temporary files of a failed or aborted upload are removed at once (docs/decisions/0031): over
 * real HTTP (raw sockets, chunked bodies as the probe sent them) to `PATCH /users/updateMe`,
 * `POST /products` and `POST /services`: an 11 MB photo (over the 10 MB limit), a stray
 * terminator / a missing final boundary, and a client that aborts mid-upload. After each,
 * DATA_DIR/tmp is empty (polled until the server has handled the close; no fixed sleep). Also the
 * per-account cap on uploads in flight: a third concurrent upload of one account answers 429.
 */
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { MAX_UPLOADS_IN_FLIGHT } from '../src/selling/form.ts';
import { buildTestApp, ENGINES } from './helper.ts';
import { type Account, account, jpeg } from './selling-helpers.ts';

const BOUNDARY = 'probe-boundary-7MA4YWxkTrZu0gW';
const MB = 1024 * 1024;

/** The files in DATA_DIR/tmp (none when it does not exist). */
async function tempFiles(app: FastifyInstance): Promise<string[]> {
  try {
    return await readdir(app.config.tempDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Polls until DATA_DIR/tmp is empty; fails with its contents after `timeoutMs`. */
async function expectTempEmpty(app: FastifyInstance, label: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let files = await tempFiles(app);
  while (files.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    files = await tempFiles(app);
  }
  assert.deepEqual(files, [], `${label}: DATA_DIR/tmp still holds ${files.join(', ')}`);
}

/** The opening of a multipart body: text fields, then the head of a file part. */
function formHead(fields: Record<string, string>, fileField: string): Buffer {
  let text = '';
  for (const [name, value] of Object.entries(fields)) {
    text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return Buffer.from(text);
}

/** `bytes` of a file that starts like a JPEG. */
function jpegish(bytes: number): Buffer {
  const data = Buffer.alloc(bytes, 0x20);
  data.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return data;
}

const chunk = (data: Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);

interface RawRequest {
  socket: net.Socket;
  /** Resolves with the status code of the answer (0 when the connection closed without one). */
  status: Promise<number>;
  write(data: Buffer): Promise<void>;
}

/** Opens a chunked multipart request on a raw socket; the caller writes the body. */
function openChunked(port: number, method: string, path: string, who: Account): RawRequest {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${`Authorization: ${who.auth.authorization}`}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n`,
  );
  let received = '';
  const status = new Promise<number>((resolve) => {
    socket.on('data', (data) => {
      received += data.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match) resolve(Number(match[1]));
    });
    socket.on('close', () => resolve(0));
  });
  const write = (data: Buffer) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed) return resolve();
      socket.write(chunk(data), () => resolve());
    });
  return { socket, status, write };
}

/** Writes `data` in 256 KB chunks. */
async function writeAll(request: RawRequest, data: Buffer): Promise<void> {
  for (let offset = 0; offset < data.length; offset += 256 * 1024) {
    await request.write(data.subarray(offset, offset + 256 * 1024));
  }
}

const END = Buffer.from('0\r\n\r\n');

/** The routes the probe broke, with a form that passes their text checks. */
const ROUTES = [
  { method: 'PATCH', path: '/api/v1/users/updateMe', fields: { firstName: 'Amina' }, file: 'photo' },
  {
    method: 'POST',
    path: '/api/v1/products',
    fields: { title: 'Calculator', description: 'A good calculator', price: '100', category: 'Electronics' },
    file: 'coverImage',
  },
  {
    method: 'POST',
    path: '/api/v1/services',
    fields: {
      name: 'Tutoring',
      description: 'Maths tutoring',
      price: '100',
      category: 'Tutoring and Academic Support',
    },
    file: 'coverImage',
  },
] as const;

for (const engine of ENGINES) {
  describe(`upload temporary files [${engine}]`, () => {
    let app: FastifyInstance;
    let port: number;
    before(async () => {
      app = await buildTestApp(engine, { env: { RATE_LIMIT_FACTOR: '100' } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
    });
    after(async () => {
      await app?.close();
    });

    for (const route of ROUTES) {
      it(`${route.method} ${route.path}: an 11 MB file (over the limit) → 413, tmp empty`, async () => {
        const who = await account(app);
        const request = openChunked(port, route.method, route.path, who);
        await request.write(formHead(route.fields, route.file));
        await writeAll(request, jpegish(11 * MB));
        await request.write(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
        request.socket.write(END);
        assert.equal(await request.status, 413);
        request.socket.destroy();
        await expectTempEmpty(app, 'over the limit');
      });

      it(`${route.method} ${route.path}: 11 MB and a stray terminator, no final boundary → 4xx, tmp empty`, async () => {
        const who = await account(app);
        const request = openChunked(port, route.method, route.path, who);
        await request.write(formHead(route.fields, route.file));
        await writeAll(request, jpegish(11 * MB));
        await request.write(Buffer.from(`\r\n--${BOUNDARY}\r\n--`));
        request.socket.write(END);
        const status = await request.status;
        assert.ok(status >= 400 && status < 500, `status ${status}`);
        request.socket.destroy();
        await expectTempEmpty(app, 'stray terminator');
      });

      it(`${route.method} ${route.path}: 11 MB, a stray chunk terminator and more bytes → tmp empty`, async () => {
        const who = await account(app);
        const request = openChunked(port, route.method, route.path, who);
        await request.write(formHead(route.fields, route.file));
        await writeAll(request, jpegish(11 * MB));
        // The body ends without its final boundary; the bytes after it are a broken next request.
        request.socket.write(Buffer.concat([END, Buffer.from('--probe--\r\n\r\n')]));
        const status = await request.status;
        assert.ok(status === 0 || (status >= 400 && status < 500), `status ${status}`);
        request.socket.destroy();
        await expectTempEmpty(app, 'stray chunk terminator');
      });

      it(`${route.method} ${route.path}: a small file and a missing final boundary → 400, tmp empty`, async () => {
        const who = await account(app);
        const request = openChunked(port, route.method, route.path, who);
        await request.write(formHead(route.fields, route.file));
        await writeAll(request, jpegish(2 * MB));
        request.socket.write(END);
        assert.equal(await request.status, 400);
        request.socket.destroy();
        await expectTempEmpty(app, 'missing terminator');
      });

      it(`${route.method} ${route.path}: the client aborts mid-upload → tmp empty`, async () => {
        const who = await account(app);
        const request = openChunked(port, route.method, route.path, who);
        await request.write(formHead(route.fields, route.file));
        await writeAll(request, jpegish(3 * MB));
        // The server has started spooling the file before the client goes away.
        const deadline = Date.now() + 5_000;
        while ((await tempFiles(app)).length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        assert.ok((await tempFiles(app)).length > 0, 'the upload was being spooled');
        request.socket.destroy();
        await expectTempEmpty(app, 'aborted');
      });
    }

    it('a whole, valid upload over the same sockets still succeeds (and leaves tmp empty)', async () => {
      const who = await account(app);
      const photo = (await jpeg(64, 48)).data;
      const request = openChunked(port, 'PATCH', '/api/v1/users/updateMe', who);
      await request.write(formHead({ firstName: 'Amina' }, 'photo'));
      await request.write(photo);
      await request.write(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
      request.socket.write(END);
      assert.equal(await request.status, 200);
      request.socket.destroy();
      await expectTempEmpty(app, 'after a good upload');
    });

    it(`at most ${MAX_UPLOADS_IN_FLIGHT} uploads in flight per account: the next answers 429`, async () => {
      const who = await account(app);
      const [route] = ROUTES;
      const open: RawRequest[] = [];
      for (let i = 0; i < MAX_UPLOADS_IN_FLIGHT; i += 1) {
        const request = openChunked(port, route.method, route.path, who);
        await request.write(formHead(route.fields, route.file));
        await request.write(jpegish(64 * 1024));
        open.push(request);
      }
      const deadline = Date.now() + 5_000;
      while ((await tempFiles(app)).length < MAX_UPLOADS_IN_FLIGHT && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const extra = openChunked(port, route.method, route.path, who);
      await extra.write(formHead(route.fields, route.file));
      await extra.write(jpegish(64 * 1024));
      assert.equal(await extra.status, 429);
      extra.socket.destroy();
      // Another account is not held back.
      const other = await account(app);
      const free = openChunked(port, route.method, route.path, other);
      await free.write(formHead(route.fields, route.file));
      await free.write(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
      free.socket.write(END);
      assert.notEqual(await free.status, 429);
      free.socket.destroy();
      for (const request of open) request.socket.destroy();
      await expectTempEmpty(app, 'after the cap');
      // The slots are free again once the aborted uploads are gone.
      const again = openChunked(port, route.method, route.path, who);
      await again.write(formHead(route.fields, route.file));
      await again.write(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
      again.socket.write(END);
      assert.notEqual(await again.status, 429);
      again.socket.destroy();
    });
  });
}
