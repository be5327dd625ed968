/**
 * Mail tests (issue 4 "Mail"): the templates (text + HTML, product name, link, escaping), the
 * outbox mode (.eml in DATA_DIR/outbox + a log line with the link), SMTP delivery to a real
 * `smtp-server` with a pooled connection, and a failing SMTP server (signup still 201 and says
 * so; resend works once the server is back, and its link verifies the account).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { AUTH_MESSAGES } from '../src/auth/service.ts';
import { createMailer, defaultFrom } from '../src/mail/mailer.ts';
import { escapeHtml, passwordResetMail, verificationMail } from '../src/mail/templates.ts';
import { buildTestApp, json } from './helper.ts';
import { linkIn, pathOf, startMailServer, type TestMailServer } from './mail-server.ts';

const email = () => `mail-${randomBytes(4).toString('hex')}@students.ku.ac.ke`;
const signupBody = (address: string) => ({
  firstName: 'Chebet',
  lastName: 'Kiprono',
  email: address,
  whatsApp: '254711222333',
  university: 'Kenyatta University',
  password: 'pass1234',
  passwordConfirm: 'pass1234',
});

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

/** A localhost port with nothing listening on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
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
      assert.equal(json(response).data.emailSent, true);
      const files = await readdir(app.config.outboxDir);
      assert.equal(files.length, 1);
      const parsed = await simpleParser(await readFile(path.join(app.config.outboxDir, files[0]!)));
      assert.equal(parsed.to && 'text' in parsed.to ? parsed.to.text : '', address);
      const link = parsed.text?.match(/http:\/\/campus\.test\/api\/v1\/auth\/verify-email\/\S+/)?.[0];
      assert.ok(link);
      const followed = await app.inject({ method: 'GET', url: pathOf(link) });
      assert.match(String(followed.headers.location), /^\/verify-email\?status=success&message=/);
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

describe('SMTP server down', () => {
  it('signup still answers 201 and says the mail failed; resend works once the server is up', async () => {
    const port = await freePort();
    const app = await buildTestApp('pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://campus.test' },
    });
    let smtp: TestMailServer | undefined;
    try {
      const address = email();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: signupBody(address),
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(json(response).data.emailSent, false);
      assert.equal(json(response).message, AUTH_MESSAGES.signupMailFailed);
      const users = await app.db.selectFrom('users').select('id').where('email', '=', address).execute();
      assert.equal(users.length, 1, 'the account exists');

      smtp = await startMailServer(port);
      const resend = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/resend-verification',
        payload: { email: address },
      });
      assert.equal(resend.statusCode, 200);
      const mail = await smtp.waitFor(address);
      const followed = await app.inject({
        method: 'GET',
        url: pathOf(linkIn(mail, '/api/v1/auth/verify-email/')),
      });
      assert.match(String(followed.headers.location), /status=success/);
    } finally {
      await app.close();
      await smtp?.close();
    }
  });
});
