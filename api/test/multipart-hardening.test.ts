/**
 * Multipart hardening (docs/product.md §14):
 * - item 3: a malformed multipart body (no boundary, a boundary the body does not use, a
 *   truncated body, a body that is not multipart at all) answers 400 `{status: "fail", message}`
 *   on every multipart route, never a 500;
 * - item 7: files are streamed to temporary files with the limits enforced while reading (a
 *   declared body over the total answers 413 before it is read; the pixel total of a form is
 *   capped before decoding), the temporary files are gone after the answer, and 10 concurrent
 *   maximum uploads (a cover and 6 photos of 10 MB each = 70 MB per request) keep RSS bounded;
 *   the RSS growth is printed.
 */
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { FORM_TOO_LARGE_MESSAGE, MALFORMED_FORM_MESSAGE, MAX_FORM_BYTES } from '../src/selling/form.ts';
import { FORM_TOO_MANY_PIXELS_MESSAGE, IMAGE_LIMITS } from '../src/uploads/image-pipeline.ts';
import { forEachEngine, json } from './helper.ts';
import { type Account, account, jpeg, multipart, png, sendForm, uploadedFiles } from './selling-helpers.ts';

/**
 * Files left in the spool folder (DATA_DIR/tmp) once the deletion that follows each answer (an
 * onResponse hook, which runs after the answer reached the client) had up to 2 s to finish.
 */
async function spooled(dir: string): Promise<string[]> {
  const deadline = Date.now() + 2000;
  for (;;) {
    let files: string[];
    try {
      files = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    if (files.length === 0 || Date.now() > deadline) return files;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const productFields = {
  title: 'Casio fx-991ES calculator',
  description: 'Barely used scientific calculator, comes with its cover.',
  price: '1800',
  category: 'Electronics',
};

forEachEngine('multipart hardening', (ctx) => {
  let seller: Account;
  let productId: string;
  let serviceId: string;
  let shopId: string;
  let eventId: string;

  before(async () => {
    seller = await account(ctx.app);
    const created = await sendForm(
      ctx.app,
      'POST',
      '/products',
      { ...productFields, coverImage: await jpeg() },
      seller,
    );
    assert.equal(created.statusCode, 201, created.body);
    productId = json(created).data.product.id;
    const service = await sendForm(
      ctx.app,
      'POST',
      '/services',
      {
        name: 'Calculus tutoring',
        description: 'One-on-one sessions before the CAT, evenings at the library.',
        price: '750',
        category: 'Tutoring and Academic Support',
        coverImage: await jpeg(),
      },
      seller,
    );
    assert.equal(service.statusCode, 201, service.body);
    serviceId = json(service).data.service.id;
    const shop = await sendForm(
      ctx.app,
      'POST',
      '/shops',
      { name: 'Wanjiru Books', description: 'Used books' },
      seller,
    );
    assert.equal(shop.statusCode, 201, shop.body);
    shopId = json(shop).data.shop.id;
    const startsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const event = await sendForm(
      ctx.app,
      'POST',
      '/events',
      { title: 'Hackathon night', description: 'Build something in a night.', startsAt, venue: 'Main hall' },
      seller,
    );
    assert.equal(event.statusCode, 201, event.body);
    eventId = json(event).data.event.id;
  });

  describe('item 3: malformed multipart answers 400 on every multipart route', () => {
    const routes = (): [string, string][] => [
      ['POST', '/products'],
      ['PATCH', `/products/${productId}`],
      ['POST', '/services'],
      ['PATCH', `/services/${serviceId}`],
      ['POST', '/shops'],
      ['PATCH', `/shops/${shopId}`],
      ['POST', '/events'],
      ['PATCH', `/events/${eventId}`],
      ['PATCH', '/users/updateMe'],
    ];

    it('no boundary, wrong boundary, truncated body, garbage body → 400 {status: fail, message}', async () => {
      const { payload, headers } = await multipart({ ...productFields, coverImage: await jpeg() });
      const contentType = headers['content-type']!;
      const variants: [string, string | Buffer, string][] = [
        ['missing boundary', payload, 'multipart/form-data'],
        ['a boundary the body does not use', payload, 'multipart/form-data; boundary=not-the-boundary'],
        ['truncated body', payload.subarray(0, payload.length - 200), contentType],
        ['body cut inside the headers', payload.subarray(0, 60), contentType],
        ['a JSON body under a multipart type', '{"title":"hello"}', contentType],
      ];
      for (const [method, url] of routes()) {
        for (const [name, body, type] of variants) {
          const response = await ctx.app.inject({
            method: method as 'POST' | 'PATCH',
            url: `/api/v1${url}`,
            payload: body,
            headers: { 'content-type': type, ...seller.auth },
          });
          assert.equal(response.statusCode, 400, `${method} ${url} with ${name}: ${response.body}`);
          assert.deepEqual(
            json(response),
            { status: 'fail', message: MALFORMED_FORM_MESSAGE },
            `${method} ${url} ${name}`,
          );
        }
      }
      assert.deepEqual(await spooled(ctx.app.config.tempDir), [], 'no temporary file is left');
    });

    it('a content type that is not a form answers a 4xx fail, never a 500', async () => {
      for (const [method, url] of routes()) {
        for (const type of ['multipart/mixed; boundary=x', 'application/octet-stream', 'text/plain']) {
          const response = await ctx.app.inject({
            method: method as 'POST' | 'PATCH',
            url: `/api/v1${url}`,
            payload: 'hello',
            headers: { 'content-type': type, ...seller.auth },
          });
          assert.ok(
            response.statusCode >= 400 && response.statusCode < 500,
            `${method} ${url} ${type}: ${response.statusCode}`,
          );
          assert.equal(json(response).status, 'fail');
        }
      }
    });
  });

  describe('item 7: streamed uploads with limits while reading', () => {
    it('a declared body larger than the total limit is refused with 413 before it is read', async () => {
      let read = 0;
      const body = new Readable({
        read() {
          read += 65_536;
          this.push(read > 4 * 1024 * 1024 ? null : Buffer.alloc(65_536));
        },
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/products',
        payload: body,
        headers: {
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-length': String(MAX_FORM_BYTES + 1),
          ...seller.auth,
        },
      });
      assert.equal(response.statusCode, 413, response.body);
      assert.equal(json(response).message, FORM_TOO_LARGE_MESSAGE);
    });

    it('pictures adding up to more than the per-form pixel cap are refused before decoding (413)', async () => {
      // 7 PNGs of 6000 x 4000 = 24 MP each (small files: one colour), 168 MP in all > 150 MP.
      const big = await png(6000, 4000, 'big.png');
      assert.ok(big.data.length < IMAGE_LIMITS.maxFileBytes);
      const before = await uploadedFiles(ctx.app);
      const response = await sendForm(
        ctx.app,
        'POST',
        '/products',
        { ...productFields, coverImage: big, photos: [big, big, big, big, big, big] },
        seller,
      );
      assert.equal(response.statusCode, 413, response.body);
      assert.equal(json(response).message, FORM_TOO_MANY_PIXELS_MESSAGE);
      assert.deepEqual(await uploadedFiles(ctx.app), before, 'nothing stored');
      assert.deepEqual(await spooled(ctx.app.config.tempDir), [], 'temporary files deleted');
    });

    it('10 concurrent maximum uploads (7 × 10 MB each) keep RSS bounded and leave no temporary file', async () => {
      const picture = (await jpeg(640, 480)).data;
      const boundary = '----campus-soko-rss-test';
      const fileBytes = IMAGE_LIMITS.maxFileBytes;
      const zeros = Buffer.alloc(64 * 1024);
      const textPart = (name: string, value: string) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      const fileHead = (name: string) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        );
      const fields = Object.entries(productFields).map(([name, value]) => textPart(name, value));
      const files = ['coverImage', 'photos', 'photos', 'photos', 'photos', 'photos', 'photos'];
      const end = Buffer.from(`--${boundary}--\r\n`);
      const length =
        fields.reduce((sum, part) => sum + part.length, 0) +
        files.reduce((sum, name) => sum + fileHead(name).length + fileBytes + 2, 0) +
        end.length;
      /** One maximum body, generated chunk by chunk: a real JPEG padded to exactly 10 MB per file. */
      async function* body() {
        yield* fields;
        for (const name of files) {
          yield fileHead(name);
          yield picture;
          let left = fileBytes - picture.length;
          while (left > 0) {
            const chunk = left >= zeros.length ? zeros : zeros.subarray(0, left);
            left -= chunk.length;
            yield chunk;
          }
          yield Buffer.from('\r\n');
        }
        yield end;
      }
      // One account per upload: an account may send at most MAX_UPLOADS_IN_FLIGHT forms at once.
      const send = (who: Account = seller) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/products',
          payload: Readable.from(body()),
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(length),
            ...who.auth,
          },
        });

      // Warm up (code paths, sharp, the pool) with one, then measure ten at once.
      const warm = await send();
      assert.equal(warm.statusCode, 201, warm.body);
      globalThis.gc?.();
      const baseline = process.memoryUsage.rss();
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 20);
      const started = Date.now();
      const sellers = await Promise.all(Array.from({ length: 10 }, () => account(ctx.app)));
      const responses = await Promise.all(sellers.map((who) => send(who)));
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      const growthMb = (peak - baseline) / (1024 * 1024);
      console.log(
        `[rss] 10 concurrent uploads of ${(length / 1048576).toFixed(1)} MB each: RSS ${(baseline / 1048576).toFixed(0)} MB → peak ${(
          peak / 1048576
        ).toFixed(0)} MB (+${growthMb.toFixed(0)} MB) in ${Date.now() - started} ms`,
      );
      for (const response of responses) assert.equal(response.statusCode, 201, response.body);
      const count = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM products WHERE array_length(photos, 1) = 6`.execute(ctx.app.db);
      assert.equal(Number(count.rows[0]?.n), 11, 'every upload stored its cover and 6 photos');
      assert.deepEqual(await spooled(ctx.app.config.tempDir), [], 'temporary files deleted');
      // Buffering the bodies in memory (as before) would grow RSS by ~700 MB.
      assert.ok(growthMb < 300, `RSS grew by ${growthMb.toFixed(0)} MB`);
    });
  });
});
