/**
 * The local SMTP server the site sends its mails to during the e2e run (`smtp-server`, 127.0.0.1,
 * no TLS, no auth). Each received mail is written to `dir` as `<n>.eml` (raw message) plus
 * `<n>.json` (envelope recipients and time), atomically, so test workers can read them
 * (see `mailbox.ts`).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** The sidecar written next to each `<n>.eml`. */
export interface MailMeta {
  /** Envelope recipients, lower-cased. */
  to: string[];
  /** Sequence number (also the file name). */
  seq: number;
  receivedAt: string;
}

export interface LocalSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

/** Starts the server on a free port; mails land in `dir` (created if missing). */
export async function startSmtpServer(dir: string): Promise<LocalSmtpServer> {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        seq += 1;
        const name = String(seq).padStart(5, '0');
        const meta: MailMeta = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          seq,
          receivedAt: new Date().toISOString(),
        };
        try {
          writeFileSync(path.join(dir, `${name}.eml`), Buffer.concat(chunks));
          // The .json appears last and atomically: readers only look at mails that have one.
          writeFileSync(path.join(dir, `${name}.json.tmp`), JSON.stringify(meta));
          renameSync(path.join(dir, `${name}.json.tmp`), path.join(dir, `${name}.json`));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
