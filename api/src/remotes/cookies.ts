/**
 * The two cookies of remote serving (docs/decisions/0029-remote-releases.md, "Serving"):
 * - `soko_bucket`: the visitor's canary bucket, an integer 1-100 drawn at random on the first
 *   page or `/remotes.json` (no personal data), kept a year; with a canary at P %, buckets ≤ P get
 *   the canary version, on the server render and in the browser alike.
 * - `soko_remote_override`: a developer's remote overrides (`?remoteOverride=`), kept for the
 *   browser session.
 */
import { randomInt } from 'node:crypto';

export const BUCKET_COOKIE = 'soko_bucket';
export const OVERRIDE_COOKIE = 'soko_remote_override';
/** The bucket cookie's lifetime, seconds (one year). */
export const BUCKET_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Value of the cookie `name` in a Cookie header (first occurrence), or null. */
export function readCookie(header: string | string[] | undefined, name: string): string | null {
  for (const part of [header ?? []].flat().join(';').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The visitor's bucket 1-100 from the Cookie header, or null when missing or malformed. */
export function readBucket(header: string | string[] | undefined): number | null {
  const value = readCookie(header, BUCKET_COOKIE);
  if (!value || !/^\d{1,3}$/.test(value)) return null;
  const bucket = Number(value);
  return bucket >= 1 && bucket <= 100 ? bucket : null;
}

/** A new bucket, uniformly 1-100. */
export function newBucket(): number {
  return randomInt(1, 101);
}

/** `Set-Cookie` value of the bucket cookie (Lax, a year; Secure on an https site). */
export function bucketCookie(bucket: number, secure: boolean): string {
  return `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
