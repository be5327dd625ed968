/**
 * The durable mail outbox (ADR 0011 and ADR 0016) against a real `smtp-server`: with the mail
 * server down, signup, resend and forgot-password answer as usual; their mails are retried with
 * backoff and arrive once the server is back; what is pending when the app stops goes out when it
 * starts again; the queue's state shows in `outbox.stats()`. Forgot-password takes the same path
 * for a known and an unknown address (one request row each; the sender decides).
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { AUTH_MESSAGES } from '../src/auth/service.ts';
import type { Engine } from '../src/db/database.ts';
import { retryDelayMs } from '../src/mail/outbox.ts';
import { signupBody } from './fixtures.ts';
import { createThrowawayPostgres, ENGINES, json, testConfig } from './helper.ts';
import { linkIn, pathOf, startMailServer, type TestMailServer } from './mail-server.ts';

const email = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@students.ku.ac.ke`;
const FAST_RETRIES = { retryBaseMs: 100, retryMaxMs: 400, pollMs: 50 };

/** Waits until `check()` is true (polling every 20 ms), or fails after `timeoutMs`. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A database that outlives one app (PGlite data folder or a throwaway PostgreSQL database) and a
 * way to build apps on it with SMTP_URL pointing at `port`.
 */
async function durableSetup(engine: Engine) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-outbox-'));
  const pg = engine === 'postgres' ? await createThrowawayPostgres() : null;
  return {
    async app(port: number): Promise<FastifyInstance> {
      const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://campus.test' };
      const base = testConfig(dataDir, { ...env, ...(pg ? { DATABASE_URL: pg.url } : {}) });
      const config = pg
        ? base
        : { ...base, database: { engine: 'pglite' as const, dataDir: path.join(dataDir, 'db') } };
      const app = await buildApp(config, { logger: false, outbox: FAST_RETRIES });
      await app.ready();
      return app;
    },
    async cleanup() {
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('retry delays', () => {
  it('double from the base up to the cap', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 12].map((n) => retryDelayMs(n, 5_000, 15 * 60_000)),
      [5_000, 10_000, 20_000, 40_000, 80_000, 15 * 60_000],
    );
  });
});

for (const engine of ENGINES) {
  describe(`mail outbox with the SMTP server down [${engine}]`, () => {
    it('signup, resend and forgot answer as usual while SMTP is down; the mails arrive when it returns', async () => {
      const setup = await durableSetup(engine);
      let smtp: TestMailServer | undefined = await startMailServer();
      const port = smtp.port;
      await smtp.close(); // the mail server goes down
      smtp = undefined;
      const app = await setup.app(port);
      try {
        const address = email('down');
        const signup = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: signupBody(address),
        });
        assert.equal(signup.statusCode, 201, signup.body);
        assert.deepEqual(json(signup), { status: 'success', message: AUTH_MESSAGES.signupSuccess });
        const forgot = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          payload: { email: address },
        });
        assert.equal(forgot.statusCode, 200);
        // The mails are in the table, written with the token; attempts fail and are retried.
        await until(async () => (await app.outbox.stats()).failures >= 2, 'failed attempts');
        const stats = await app.outbox.stats();
        assert.equal(stats.pending, 2);
        assert.ok(stats.retrying >= 1);
        assert.ok(stats.lastError);
        const rows = await app.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('recipient', '=', address)
          .execute();
        assert.equal(rows.length, 2);
        assert.ok(rows.every((row) => row.status === 'pending' && row.attempts >= 1 && row.last_error));

        smtp = await startMailServer(port); // the mail server is back
        const verify = await smtp.waitFor(address, { timeoutMs: 10_000 });
        const reset = await smtp.waitFor(address, { since: 1, timeoutMs: 10_000 });
        const mails = [verify, reset].map((mail) => mail.subject).sort();
        assert.deepEqual(mails, [
          'Reset your Campus Soko password',
          'Verify your email address for Campus Soko',
        ]);
        const verifyMail = [verify, reset].find((mail) => mail.subject.startsWith('Verify'))!;
        const followed = await app.inject({
          method: 'GET',
          url: pathOf(linkIn(verifyMail, '/api/v1/auth/verify-email/')),
        });
        assert.equal(followed.headers.location, '/verify-email?status=success&code=verified');
        await until(async () => (await app.outbox.stats()).pending === 0, 'an empty queue');
        const sent = await app.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('recipient', '=', address)
          .execute();
        assert.ok(sent.every((row) => row.status === 'sent' && row.text_body === null && row.link === null));
      } finally {
        await app.close();
        await smtp?.close();
        await setup.cleanup();
      }
    });

    it('what is pending when the app stops is sent when it starts again', async () => {
      const setup = await durableSetup(engine);
      let smtp: TestMailServer | undefined = await startMailServer();
      const port = smtp.port;
      await smtp.close();
      smtp = undefined;
      try {
        const address = email('restart');
        const first = await setup.app(port);
        try {
          const signup = await first.inject({
            method: 'POST',
            url: '/api/v1/auth/signup',
            payload: signupBody(address),
          });
          assert.equal(signup.statusCode, 201);
          await until(async () => (await first.outbox.stats()).failures >= 1, 'a failed attempt');
        } finally {
          await first.close();
        }
        smtp = await startMailServer(port);
        const second = await setup.app(port);
        try {
          const mail = await smtp.waitFor(address, { timeoutMs: 10_000 });
          assert.equal(mail.subject, 'Verify your email address for Campus Soko');
        } finally {
          await second.close();
        }
      } finally {
        await smtp?.close();
        await setup.cleanup();
      }
    });

    it('forgot-password takes the same path for a known and an unknown address (§12)', async () => {
      const setup = await durableSetup(engine);
      const smtp = await startMailServer();
      const app = await setup.app(smtp.port);
      try {
        const known = email('known');
        await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody(known) });
        await smtp.waitFor(known);
        await app.outbox.stop(); // look at what the request wrote, before the sender handles it
        const unknown = email('unknown');
        const answers = [];
        for (const address of [known, unknown]) {
          answers.push(
            await app.inject({
              method: 'POST',
              url: '/api/v1/auth/forgot-password',
              payload: { email: address },
            }),
          );
        }
        assert.equal(answers[0]!.statusCode, 200);
        assert.equal(answers[0]!.body, answers[1]!.body);
        const requests = await app.db
          .selectFrom('mail_outbox')
          .select(['recipient', 'kind', 'subject', 'status'])
          .where('recipient', 'in', [known, unknown])
          .where('kind', '=', 'reset-password-request')
          .orderBy('created_at')
          .execute();
        assert.deepEqual(requests, [
          { recipient: known, kind: 'reset-password-request', subject: null, status: 'pending' },
          { recipient: unknown, kind: 'reset-password-request', subject: null, status: 'pending' },
        ]);
        // No token was written on the request path, for either address.
        const tokens = await app.db
          .selectFrom('auth_tokens')
          .select('purpose')
          .where('purpose', '=', 'reset_password')
          .execute();
        assert.equal(tokens.length, 0);
        await app.outbox.drain();
        await smtp.waitFor(known, { since: 1 });
        assert.equal(smtp.mailsTo(unknown).length, 0);
        const dropped = await app.db
          .selectFrom('mail_outbox')
          .select('status')
          .where('kind', '=', 'reset-password-request')
          .execute();
        assert.deepEqual(dropped.map((row) => row.status).sort(), ['dropped', 'sent']);
      } finally {
        await app.close();
        await smtp.close();
        await setup.cleanup();
      }
    });
  });
}
