/**
 * The Contact Us forms posted without JavaScript (ADR 0032): `POST /contact/feedback` and
 * `/contact/message` as a browser sends them (urlencoded, the forms' own field names) store a row
 * and answer 303 to the page with its notice; refused fields get the API's messages on a 400
 * page and store nothing; a GET stores nothing; the request log never carries a field.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { EMAIL_INVALID } from '../src/site/common.ts';
import { CONTACT_SENT_URL } from '../src/site/contact-forms.ts';
import { forEachEngine, openTestDatabase, testConfig } from './helper.ts';

let ipCounter = 0;
/** A fresh client address per call, so the per-IP rate limit bites only where meant. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const feedbackFields = {
  name: ' Wanjiru Kamau ',
  email: 'wanjiru@students.uonbi.ac.ke',
  rating: '4',
  feedback: 'Found a calculator in two hours.',
};
const messageFields = {
  name: 'Otieno Odhiambo',
  email: 'otieno@ku.ac.ke',
  subject: 'Opening a shop',
  message: 'How do I open a shop?',
};

function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  remoteAddress = freshIp(),
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });
}

async function count(app: FastifyInstance, table: 'feedback' | 'contact_messages'): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(app.db);
  return Number(rows[0]?.n);
}

forEachEngine('Contact Us forms without JavaScript', (ctx) => {
  it('stores posted feedback (trimmed, rating as a number) and answers 303 to the page with its notice', async () => {
    const before = await count(ctx.app, 'feedback');
    const response = await postForm(ctx.app, '/contact/feedback', feedbackFields);
    assert.equal(response.statusCode, 303, response.body);
    assert.equal(response.headers.location, CONTACT_SENT_URL.feedback);
    assert.equal(response.headers.location, '/contact?sent=feedback');
    assert.equal(await count(ctx.app, 'feedback'), before + 1);
    const { rows } = await sql<{ name: string; email: string; rating: number; message: string }>`
      SELECT name, email, rating, message FROM feedback ORDER BY created_at DESC LIMIT 1`.execute(ctx.app.db);
    assert.deepEqual(rows[0], {
      name: 'Wanjiru Kamau',
      email: 'wanjiru@students.uonbi.ac.ke',
      rating: 4,
      message: 'Found a calculator in two hours.',
    });
  });

  it('stores a posted message and answers 303 to the message form with its notice', async () => {
    const before = await count(ctx.app, 'contact_messages');
    const response = await postForm(ctx.app, '/contact/message', messageFields);
    assert.equal(response.statusCode, 303, response.body);
    assert.equal(response.headers.location, '/contact?form=message&sent=message');
    assert.equal(await count(ctx.app, 'contact_messages'), before + 1);
    const { rows } = await sql<{ subject: string }>`
      SELECT subject FROM contact_messages ORDER BY created_at DESC LIMIT 1`.execute(ctx.app.db);
    assert.equal(rows[0]?.subject, 'Opening a shop');
  });

  it("refuses empty, spaces-only and malformed fields with the API's messages on a 400 page, storing nothing", async () => {
    const before = await count(ctx.app, 'feedback');
    const cases: [Record<string, string>, string][] = [
      [{ ...feedbackFields, name: '   ' }, 'name must not be empty'],
      [{ ...feedbackFields, feedback: '' }, 'message must not be empty'],
      [{ ...feedbackFields, rating: '' }, 'rating must be an integer'],
      [{ ...feedbackFields, rating: '9' }, 'rating must be &#60;= 5'],
      [{ ...feedbackFields, email: 'wanjiru@uonbi' }, EMAIL_INVALID],
    ];
    for (const [fields, text] of cases) {
      const response = await postForm(ctx.app, '/contact/feedback', fields);
      assert.equal(response.statusCode, 400, response.body);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.ok(response.body.includes('Your feedback was not sent'), response.body);
      assert.ok(response.body.includes(text), `${text} in ${response.body}`);
      assert.equal(response.headers.location, undefined);
    }
    const missing = await postForm(ctx.app, '/contact/message', { name: 'Otieno', email: 'otieno@ku.ac.ke' });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.body, /<strong>Subject:<\/strong> subject is required/);
    assert.equal(await count(ctx.app, 'feedback'), before);
  });

  it('a GET with the fields in the query stores nothing (the forms are posted only)', async () => {
    const before = await count(ctx.app, 'feedback');
    for (const url of ['/contact/feedback', '/contact/message']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${url}?${new URLSearchParams(feedbackFields)}`,
        headers: { accept: 'text/html' },
      });
      assert.notEqual(response.statusCode, 303);
      assert.ok(response.statusCode >= 400, `${url}: ${response.statusCode}`);
    }
    assert.equal(await count(ctx.app, 'feedback'), before);
  });

  it('the API routes still take JSON only (415 for urlencoded); the form routes parse urlencoded', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/contact/feedback',
      payload: { ...feedbackFields },
      remoteAddress: freshIp(),
    });
    assert.equal(json.statusCode, 303, 'JSON is parsed everywhere');
    const urlencoded = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(feedbackFields).toString(),
      remoteAddress: freshIp(),
    });
    assert.equal(urlencoded.statusCode, 415, urlencoded.body);
  });

  it("the site's rate limit applies (429 page after 5 a minute from one address)", async () => {
    const address = freshIp();
    for (let i = 0; i < 5; i++) {
      assert.equal((await postForm(ctx.app, '/contact/message', messageFields, address)).statusCode, 303);
    }
    const limited = await postForm(ctx.app, '/contact/message', messageFields, address);
    assert.equal(limited.statusCode, 429);
    assert.match(limited.body, /Too many requests/);
    assert.ok(limited.headers['retry-after']);
  });
});

describe('Contact Us forms: the request log', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const lines: string[] = [];
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-contact-log-'));
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Request logging is on outside NODE_ENV=test, as in production.
    const config = { ...testConfig(dataDir, { LOG_LEVEL: 'info' }), nodeEnv: 'production' as const };
    app = await buildApp(config, {
      database: await openTestDatabase('pglite'),
      logger: { level: 'info', stream },
    });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs the request URL and status, never a field (valid or refused)', async () => {
    assert.equal((await postForm(app, '/contact/feedback', feedbackFields)).statusCode, 303);
    assert.equal(
      (await postForm(app, '/contact/message', { ...messageFields, email: 'otieno@ku' })).statusCode,
      400,
    );
    const log = lines.join('');
    assert.match(log, /"url":"\/contact\/feedback"/);
    assert.match(log, /"url":"\/contact\/message"/);
    for (const value of ['Wanjiru', 'uonbi', 'calculator', 'Otieno', 'otieno@ku', 'Opening a shop']) {
      assert.ok(!log.includes(value), `${value} in the log:\n${log}`);
    }
  });
});
