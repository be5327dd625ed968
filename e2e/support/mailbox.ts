/**
 * Reads the mails the site sent to the local SMTP server of this run (written by
 * `smtp-server.ts` into the run's mail folder).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { siteState } from './site';
import type { MailMeta } from './smtp-server';

/** A received mail, parsed. */
export interface Mail {
  to: string[];
  subject: string;
  /** Plain-text part ('' when none). */
  text: string;
  /** HTML part ('' when none). */
  html: string;
  parsed: ParsedMail;
}

function metasTo(dir: string, to: string): MailMeta[] {
  const address = to.toLowerCase();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as MailMeta)
    .filter((meta) => meta.to.includes(address));
}

async function parse(dir: string, meta: MailMeta): Promise<Mail> {
  const parsed = await simpleParser(readFileSync(path.join(dir, `${String(meta.seq).padStart(5, '0')}.eml`)));
  return {
    to: meta.to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    parsed,
  };
}

/** Every mail to `to` received so far, oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const dir = siteState().mailDir;
  return Promise.all(metasTo(dir, to).map((meta) => parse(dir, meta)));
}

/**
 * Waits for the newest mail to `to` whose subject matches `subjectPattern` and returns it parsed.
 * @throws after `timeoutMs`, listing the subjects that did arrive for `to`
 */
export async function waitForMail(to: string, subjectPattern: RegExp, timeoutMs = 20_000): Promise<Mail> {
  const dir = siteState().mailDir;
  const deadline = Date.now() + timeoutMs;
  let subjects: string[] = [];
  for (;;) {
    const mails = await Promise.all(metasTo(dir, to).map((meta) => parse(dir, meta)));
    subjects = mails.map((mail) => mail.subject);
    const match = mails.reverse().find((mail) => subjectPattern.test(mail.subject));
    if (match) return match;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `No mail to ${to} with a subject matching ${subjectPattern} within ${timeoutMs} ms; received: ${
      subjects.length ? subjects.map((s) => `"${s}"`).join(', ') : 'none'
    }`,
  );
}

/**
 * The first absolute http(s) link in the mail (plain text, then HTML hrefs) whose path starts
 * with `pathPrefix`, e.g. `extractLink(mail, '/api/v1/auth/verify-email/')`.
 * @throws when there is none
 */
export function extractLink(mail: Mail, pathPrefix: string): string {
  const candidates = [
    ...(mail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []),
    ...Array.from(mail.html.matchAll(/href="([^"]+)"/g), (match) =>
      (match[1] ?? '').replaceAll('&amp;', '&'),
    ),
  ];
  for (const candidate of candidates) {
    try {
      if (new URL(candidate).pathname.startsWith(pathPrefix)) return candidate;
    } catch {
      // not a URL
    }
  }
  throw new Error(`No link to ${pathPrefix}… in the mail "${mail.subject}":\n${mail.text}`);
}
