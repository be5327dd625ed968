/**
 * A real SMTP server for tests (`smtp-server` on a random 127.0.0.1 port, no TLS, no auth) that
 * keeps every received mail parsed by `mailparser`, plus helpers to wait for a mail and pull the
 * action link out of it, and to read what an app without SMTP_URL wrote to its outbox folder.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  from: string;
  parsed: ParsedMail;
}

export interface TestMailServer {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Number of SMTP connections opened so far. */
  connections: number;
  /** Resolves with the first mail to `to` (lower-cased) received after `since` mails, or rejects after `timeoutMs`. */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** Mails received for `to` so far. */
  mailsTo(to: string): ReceivedMail[];
  close(): Promise<void>;
}

/** `parsed` as a received mail to `to`. */
function receivedMail(to: string, parsed: ParsedMail): ReceivedMail {
  return {
    to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    from: parsed.from?.text ?? '',
    parsed,
  };
}

/**
 * The mails an app without SMTP_URL has sent (the `.eml` files of DATA_DIR/outbox), parsed, once
 * its durable outbox has delivered every due row (`app.outbox.drain()` also waits for a pass that
 * a request's commit started). A sent row keeps no subject or body (ADR 0016), so tests read the
 * delivered mail, not the row.
 */
export async function sentOutboxMails(app: FastifyInstance): Promise<ReceivedMail[]> {
  await app.outbox.drain();
  const files = (await readdir(app.config.outboxDir).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.eml'),
  );
  const mails = await Promise.all(
    files.sort().map(async (name) => simpleParser(await readFile(path.join(app.config.outboxDir, name)))),
  );
  return mails.map((parsed) => {
    const to = [parsed.to ?? []].flat().flatMap((address) => address.value.map((one) => one.address ?? ''));
    return receivedMail((to[0] ?? '').toLowerCase(), parsed);
  });
}

/**
 * Starts the server.
 * @param port 0 (default) for a random free port, or a given one (to bring a "down" server up)
 */
export async function startMailServer(port = 0): Promise<TestMailServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const state = { connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          for (const to of recipients) mails.push(receivedMail(to, parsed));
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  const mailsTo = (to: string) => mails.filter((mail) => mail.to === to.toLowerCase());

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    get connections() {
      return state.connections;
    },
    mailsTo,
    waitFor(to, { since = 0, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = mailsTo(to)[since];
          if (!mail) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(mail);
          return true;
        };
        const wake = () => {
          check();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no mail #${since + 1} to ${to} within ${timeoutMs} ms (got ${mailsTo(to).length})`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) URL in the plain-text part that contains `pathPart`. */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no link with ${pathPart} in mail "${mail.subject}":\n${mail.text}`);
  return link;
}

/** The path + query of an absolute URL (for `app.inject`). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
