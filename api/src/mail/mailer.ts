/**
 * Outgoing mail (docs/product.md §12; ARCHITECTURE "Runtime contract" SMTP_URL).
 *
 * - SMTP_URL set: nodemailer over SMTP with `pool: true` (one kept-open connection instead of a
 *   new one per mail: smtp-server's 100 ms greeting delay made that ~110 ms each, docs/stack-notes.md "Mail"),
 *   with short timeouts so an unreachable server fails a request in seconds, not minutes.
 * - SMTP_URL unset: the message is rendered by nodemailer's stream transport and written as an
 *   `.eml` file to DATA_DIR/outbox, and a log line carries the link (local development).
 *
 * `send` never throws: it resolves to `{ ok: false, error }` and logs the failure, so callers
 * decide how to report it (signup answers 201 and says the mail could not be sent).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_NAME } from '@campus/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One message: both a plain-text and an HTML part (docs/product.md §12). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside the mail; logged in outbox mode only (never with SMTP). */
  link?: string;
  /** Short tag used in the outbox file name and logs, e.g. 'verify-email'. */
  kind?: string;
  /** Extra headers, e.g. `List-Unsubscribe` (docs/product.md §30). */
  headers?: Record<string, string>;
}

/** Outcome of one send. */
export type MailResult =
  | { ok: true; messageId: string /** outbox mode: the .eml written */; file?: string }
  | { ok: false; error: Error };

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox'. */
  readonly mode: 'smtp' | 'outbox';
  /** Sends `message` (see the module comment); never rejects. */
  send(message: MailMessage): Promise<MailResult>;
  /** Sends without waiting; the result is logged. Awaited by `close()`. */
  sendInBackground(message: MailMessage): void;
  /** Waits for background sends, then closes the SMTP pool. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** SMTP_URL, or null for the outbox. */
  smtpUrl: string | null;
  /** Folder of the `.eml` files when `smtpUrl` is null. */
  outboxDir: string;
  /** The From address, e.g. `"Campus Soko" <no-reply@example.com>`. */
  from: string;
  log: FastifyBaseLogger;
  /** SMTP connection / greeting / socket timeouts in ms (default 10 000 / 10 000 / 20 000). */
  timeoutsMs?: { connection?: number; greeting?: number; socket?: number };
}

/** `"Campus Soko" <no-reply@<host of PUBLIC_URL>>`, or MAIL_FROM-like override when given. */
export function defaultFrom(publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep localhost
  }
  if (!host.includes('.')) host = `${host}.localdomain`;
  return `"${PRODUCT_NAME}" <no-reply@${host}>`;
}

/** Builds the mailer described in the module comment. */
export function createMailer(options: MailerOptions): Mailer {
  const { log } = options;
  const pending = new Set<Promise<unknown>>();
  const timeouts = options.timeoutsMs ?? {};
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        pool: true,
        maxConnections: 2,
        connectionTimeout: timeouts.connection ?? 10_000,
        greetingTimeout: timeouts.greeting ?? 10_000,
        socketTimeout: timeouts.socket ?? 20_000,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const mode = options.smtpUrl ? 'smtp' : 'outbox';

  async function writeOutbox(kind: string, message: Buffer): Promise<string> {
    await mkdir(options.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(options.outboxDir, `${stamp}-${kind}-${randomBytes(4).toString('hex')}.eml`);
    const temp = `${file}.tmp`;
    await writeFile(temp, message);
    await rename(temp, file);
    return file;
  }

  async function send(message: MailMessage): Promise<MailResult> {
    const kind = (message.kind ?? 'mail').replace(/[^a-z0-9-]/gi, '');
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      if (mode === 'outbox') {
        const file = await writeOutbox(kind, info.message as Buffer);
        log.info(
          { to: message.to, kind, file, link: message.link },
          `mail written to the outbox: ${message.link ?? file}`,
        );
        return { ok: true, messageId: String(info.messageId), file };
      }
      log.info({ to: message.to, kind, messageId: info.messageId }, 'mail sent');
      return { ok: true, messageId: String(info.messageId) };
    } catch (cause) {
      const error = cause instanceof Error ? cause : new Error(String(cause));
      log.error({ err: error, to: message.to, kind }, 'mail could not be sent');
      return { ok: false, error };
    }
  }

  return {
    mode,
    send,
    sendInBackground(message) {
      const task = send(message).finally(() => pending.delete(task));
      pending.add(task);
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport.close();
    },
  };
}
