/**
 * Mail tests (docs/product.md §12): the templates (text + HTML, product name, link, escaping), the
 * outbox mode (.eml in DATA_DIR/outbox + a log line with the link), SMTP delivery to a real
 * `smtp-server` with a pooled connection. (A failing SMTP server and the durable outbox:
 * `mail-outbox.test.ts`.)
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { createMailer, defaultFrom } from '../src/mail/mailer.ts';
import { escapeHtml, passwordResetMail, verificationMail } from '../src/mail/templates.ts';
import { signupBody } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { linkIn, pathOf, startMailServer, type TestMailServer } from './mail-server.ts';

const email = () => `mail-${randomBytes(4).toString('hex')}@students.ku.ac.ke`;

/** A logger that records its calls (pino's signature: obj, msg). */
function recordingLogger() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = '') => {
      lines.push({ level, obj, msg });
    };
  const logger = {
    info: at('info'),
    error: at('error'),
    warn: at('warn'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    child: () => logger,
    level: 'info',
  };
  return { lines, logger: logger as unknown as FastifyBaseLogger };
}

describe('mail templates', () => {
  it('verification mail: product name, link in text and HTML, 24 h, the name escaped', () => {
    const link = 'http://campus.test/api/v1/auth/verify-email/abc_DEF-123';
    const mail = verificationMail('<b>Amina</b> & co', link);
    assert.equal(mail.subject, 'Verify your email address for Campus Soko');
    assert.match(mail.text, /Campus Soko/);
    assert.ok(mail.text.includes(link));
    assert.match(mail.text, /valid for 24 hours/);
    assert.ok(mail.html.includes(`href="${link}"`));
    assert.match(mail.html, /Campus Soko/);
    assert.ok(!mail.html.includes('<b>Amina</b>'));
    assert.ok(mail.html.includes(escapeHtml('<b>Amina</b> & co')));
  });

  it('reset mail: link, 1 hour', () => {
    const link = 'http://campus.test/reset-password/tok';
    const mail = passwordResetMail('Amina', link);
    assert.equal(mail.subject, 'Reset your Campus Soko password');
    assert.ok(mail.text.includes(link) && mail.html.includes(link));
    assert.match(mail.text, /valid for 1 hour/);
  });

  it('From: "Campus Soko" at the PUBLIC_URL host', () => {
    assert.equal(defaultFrom('https://soko.example.com'), '"Campus Soko" <no-reply@soko.example.com>');
    assert.equal(defaultFrom('http://localhost:8080'), '"Campus Soko" <no-reply@localhost.localdomain>');
  });
});

describe('outbox mode (no SMTP_URL)', () => {
  it('writes an .eml with text and HTML parts and logs the link', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'campus-outbox-'));
    const { lines, logger } = recordingLogger();
    const mailer = createMailer({
      smtpUrl: null,
      outboxDir: dir,
      from: defaultFrom('http://campus.test'),
      log: logger,
    });
    const link = 'http://campus.test/api/v1/auth/verify-email/xyz';
    const result = await mailer.send({
      to: 'amina@uonbi.ac.ke',
      ...verificationMail('Amina', link),
      link,
      kind: 'verify-email',
    });
    await mailer.close();
    assert.equal(result.ok, true);
    const files = await readdir(dir);
    assert.equal(files.length, 1);
    assert.match(files[0]!, /verify-email-[0-9a-f]{8}\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(dir, files[0]!)));
    assert.equal(parsed.subject, 'Verify your email address for Campus Soko');
    assert.match(parsed.from?.text ?? '', /Campus Soko/);
    assert.ok(parsed.text?.includes(link));
    assert.ok(typeof parsed.html === 'string' && parsed.html.includes(link));
    const line = lines.find((entry) => entry.level === 'info' && entry.obj.link === link);
    assert.ok(line, 'a log line carries the link');
    assert.ok(line.msg.includes(link));
    await rm(dir, { recursive: true, force: true });
  });

  it('the app writes the signup mail to DATA_DIR/outbox', async () => {
    const app = await buildTestApp('pglite', { env: { PUBLIC_URL: 'http://campus.test' } });
    try {
      assert.equal(app.mailer.mode, 'outbox');
      const address = email();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: signupBody(address),
      });
      assert.equal(response.statusCode, 201, response.body);
      await app.outbox.drain();
      const files = await readdir(app.config.outboxDir);
      assert.equal(files.length, 1);
      const parsed = await simpleParser(await readFile(path.join(app.config.outboxDir, files[0]!)));
      assert.equal(parsed.to && 'text' in parsed.to ? parsed.to.text : '', address);
      const link = parsed.text?.match(/http:\/\/campus\.test\/api\/v1\/auth\/verify-email\/\S+/)?.[0];
      assert.ok(link);
      const followed = await app.inject({ method: 'GET', url: pathOf(link) });
      assert.equal(String(followed.headers.location), '/verify-email?status=success&code=verified');
    } finally {
      await app.close();
    }
  });
});

describe('SMTP mode', () => {
  let smtp: TestMailServer;
  let app: FastifyInstance;
  before(async () => {
    smtp = await startMailServer();
    app = await buildTestApp('pglite', { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://campus.test' } });
  });
  after(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('delivers text and HTML parts with the product name and the link, over one pooled connection', async () => {
    assert.equal(app.mailer.mode, 'smtp');
    const connectionsBefore = smtp.connections;
    const addresses = [email(), email(), email()];
    for (const address of addresses) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: signupBody(address),
      });
      assert.equal(response.statusCode, 201, response.body);
    }
    for (const address of addresses) {
      const mail = await smtp.waitFor(address);
      assert.equal(mail.subject, 'Verify your email address for Campus Soko');
      assert.match(mail.from, /Campus Soko/);
      const link = linkIn(mail, '/api/v1/auth/verify-email/');
      assert.ok(mail.html.includes(link), 'the HTML part has the same link');
      assert.match(mail.text, /Hi Chebet,/);
    }
    assert.equal(smtp.connections - connectionsBefore, 1, 'pool: true reuses one connection');
  });
});
