/**
 * API tests of the site's own write routes (docs/product.md §17): POST /api/v1/feedback, /messages and
 * /subscribers on an app over in-memory PGlite. Each test uses its own client IP
 * (`remoteAddress`), so the per-IP rate limit (5 a minute per route) only bites where meant.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { FEEDBACK_THANKS } from '../src/feedback/service.ts';
import { MESSAGE_THANKS } from '../src/messages/service.ts';
import { EMAIL_INVALID, SITE_LIMITS, SITE_RATE_LIMIT, siteRateLimit } from '../src/site/common.ts';
import { SUBSCRIBED_THANKS } from '../src/subscribers/service.ts';

let app: FastifyInstance;
let dataDir: string;
let ipCounter = 0;
/** A fresh client address for each call site that must not share a rate-limit bucket. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

before(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-site-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    LOG_LEVEL: 'silent',
    SERVE_STATIC: '0',
  });
  app = await buildApp(config, { logger: false });
  await app.ready();
});

after(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function post(url: string, payload: unknown, remoteAddress = freshIp()) {
  return app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, remoteAddress });
}

async function count(table: 'feedback' | 'contact_messages' | 'subscribers'): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(app.db);
  return Number(rows[0]?.n);
}

const feedback = {
  name: 'Wanjiru Kamau',
  email: 'wanjiru@students.uonbi.ac.ke',
  rating: 5,
  message: 'Love it!',
};
const message = {
  name: 'Otieno Odhiambo',
  email: 'otieno@ku.ac.ke',
  subject: 'Selling textbooks',
  message: 'How do I open a shop?',
};

/** Asserts a 400 in the API's error format naming `field`. */
function assertFieldError(response: Awaited<ReturnType<typeof post>>, field: string) {
  assert.equal(response.statusCode, 400, response.body);
  const body = response.json();
  assert.equal(body.status, 'fail');
  assert.ok(body.errors?.[field], `errors.${field} in ${response.body}`);
  assert.equal(body.message, body.errors[field]);
}

describe('POST /api/v1/feedback', () => {
  it('stores valid feedback (trimmed) and answers 201', async () => {
    const before = await count('feedback');
    const response = await post('/feedback', { ...feedback, name: '  Wanjiru Kamau  ' });
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json(), { status: 'success', message: FEEDBACK_THANKS });
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(await count('feedback'), before + 1);
    const { rows } = await sql<{
      name: string;
      rating: number;
    }>`SELECT name, rating FROM feedback ORDER BY created_at DESC LIMIT 1`.execute(app.db);
    assert.deepEqual(rows[0], { name: 'Wanjiru Kamau', rating: 5 });
  });

  for (const field of ['name', 'email', 'rating', 'message'] as const) {
    it(`rejects a missing ${field}`, async () => {
      const { [field]: _omitted, ...rest } = feedback;
      const response = await post('/feedback', rest);
      assertFieldError(response, field);
      assert.equal(response.json().message, `${field} is required`);
    });
  }

  it('rejects blank text fields (whitespace only)', async () => {
    assertFieldError(await post('/feedback', { ...feedback, name: '   ' }), 'name');
    assertFieldError(await post('/feedback', { ...feedback, message: ' \n ' }), 'message');
  });

  it("rejects a malformed e-mail with the forms' message", async () => {
    for (const email of ['not-an-email', 'wanjiru@uonbi', 'wanjiru@@uonbi.ac.ke', 'a b@uonbi.ac.ke']) {
      const response = await post('/feedback', { ...feedback, email });
      assertFieldError(response, 'email');
      assert.equal(response.json().message, EMAIL_INVALID);
    }
  });

  it('rejects ratings outside 1..5 and non-integers', async () => {
    for (const rating of [0, 6, 2.5, 'great']) {
      assertFieldError(await post('/feedback', { ...feedback, rating }), 'rating');
    }
  });

  it('rejects over-long values', async () => {
    assertFieldError(
      await post('/feedback', { ...feedback, name: 'n'.repeat(SITE_LIMITS.name + 1) }),
      'name',
    );
    assertFieldError(
      await post('/feedback', { ...feedback, message: 'm'.repeat(SITE_LIMITS.message + 1) }),
      'message',
    );
  });

  it('stores nothing for invalid requests', async () => {
    const before = await count('feedback');
    await post('/feedback', { ...feedback, email: '' });
    assert.equal(await count('feedback'), before);
  });
});

describe('POST /api/v1/messages', () => {
  it('stores a valid message and answers 201', async () => {
    const before = await count('contact_messages');
    const response = await post('/messages', message);
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json(), { status: 'success', message: MESSAGE_THANKS });
    assert.equal(await count('contact_messages'), before + 1);
  });

  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    it(`rejects a missing or empty ${field}`, async () => {
      const { [field]: _omitted, ...rest } = message;
      assertFieldError(await post('/messages', rest), field);
      assertFieldError(await post('/messages', { ...message, [field]: '  ' }), field);
    });
  }

  it('rejects a malformed e-mail and an over-long subject', async () => {
    assertFieldError(await post('/messages', { ...message, email: 'otieno@' }), 'email');
    assertFieldError(
      await post('/messages', { ...message, subject: 's'.repeat(SITE_LIMITS.subject + 1) }),
      'subject',
    );
  });

  it('answers 400 for a malformed JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: freshIp(),
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().status, 'fail');
  });
});

describe('POST /api/v1/subscribers', () => {
  it('subscribes an e-mail and answers 201', async () => {
    const response = await post('/subscribers', { email: 'amina@strathmore.edu' });
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json(), { status: 'success', message: SUBSCRIBED_THANKS });
  });

  it('accepts a duplicate (any letter case, spaces) the same way without a second row', async () => {
    await post('/subscribers', { email: 'baraka@mku.ac.ke' });
    const before = await count('subscribers');
    const again = await post('/subscribers', { email: '  Baraka@MKU.ac.ke ' });
    assert.equal(again.statusCode, 201, again.body);
    assert.deepEqual(again.json(), { status: 'success', message: SUBSCRIBED_THANKS });
    assert.equal(await count('subscribers'), before);
  });

  it('rejects a missing, empty or malformed e-mail', async () => {
    assertFieldError(await post('/subscribers', {}), 'email');
    assertFieldError(await post('/subscribers', { email: '' }), 'email');
    assertFieldError(await post('/subscribers', { email: 'amina at strathmore' }), 'email');
  });

  it('handles concurrent duplicates atomically', async () => {
    const before = await count('subscribers');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post('/subscribers', { email: 'same@jkuat.ac.ke' })),
    );
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [201, 201, 201, 201],
    );
    assert.equal(await count('subscribers'), before + 1);
  });
});

describe('rate limit', () => {
  for (const [url, payload] of [
    ['/feedback', feedback],
    ['/messages', message],
    ['/subscribers', { email: 'limit@egerton.ac.ke' }],
  ] as const) {
    it(`${url}: the ${SITE_RATE_LIMIT.max + 1}th request a minute from one IP gets 429 with Retry-After`, async () => {
      const ip = freshIp();
      for (let i = 0; i < SITE_RATE_LIMIT.max; i++) {
        const ok = await post(url, payload, ip);
        assert.equal(ok.statusCode, 201, `request ${i + 1}: ${ok.body}`);
      }
      const limited = await post(url, payload, ip);
      assert.equal(limited.statusCode, 429);
      const retryAfter = Number(limited.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${limited.headers['retry-after']}`);
      assert.deepEqual(limited.json(), {
        status: 'fail',
        message: `Too many requests, please try again in ${retryAfter} seconds.`,
      });
      // Another client is not affected.
      assert.equal((await post(url, payload, freshIp())).statusCode, 201);
    });
  }

  it('scales with RATE_LIMIT_FACTOR like the auth limits', () => {
    assert.deepEqual(siteRateLimit(1), { max: 5, timeWindow: '1 minute' });
    assert.equal(siteRateLimit(100).max, 500);
    assert.equal(siteRateLimit(0.01).max, 1);
  });

  it('invalid requests count too', async () => {
    const ip = freshIp();
    for (let i = 0; i < SITE_RATE_LIMIT.max; i++) {
      assert.equal((await post('/subscribers', { email: 'nope' }, ip)).statusCode, 400);
    }
    assert.equal((await post('/subscribers', { email: 'ok@maseno.ac.ke' }, ip)).statusCode, 429);
  });
});
