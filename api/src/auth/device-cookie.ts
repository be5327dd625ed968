/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies";
 * docs/decisions/0031): a successful login sets `campus_device`, a cookie signed by the server
 * (HMAC-SHA256 under a key derived from JWT_SECRET) that names the account's e-mail (as a hash)
 * and a random device id. A login attempt carrying a valid device cookie for the e-mail it tries
 * is not counted against the per-e-mail ceiling (which wrong passwords from many addresses can
 * fill): it is counted per device instead. Attempts without one (unknown devices) keep the
 * ceiling, so the owner's browser stays usable while an attack from elsewhere is throttled.
 *
 * The cookie is `HttpOnly`, `SameSite=Strict`, `Path=/api/v1/auth`, one year, and `Secure` when
 * PUBLIC_URL is https. It holds no secret and no session: stealing it gives only the owner's
 * allowance of guesses (10 per 15 minutes per device, like one address).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Name of the signed cookie that marks a browser an account has logged in from (ADR 0031). */
export const DEVICE_COOKIE = 'campus_device';
/** Lifetime of a device cookie, in seconds (a year). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The e-mail as the cookie names it: lower-cased, trimmed, SHA-256, 16 base64url characters. */
const emailTag = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 16);

/** The value of cookie `name` in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index > 0 && pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return undefined;
}

/** Issues and checks device cookies signed with a key derived from `secret`. */
export function deviceCookies(secret: string, options: { secure: boolean }) {
  const key = createHmac('sha256', secret).update('campus-soko device cookie v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    /** The `Set-Cookie` value for a browser that just logged in as `email`. */
    issue(email: string): string {
      const payload = `${emailTag(email)}.${randomBytes(12).toString('base64url')}`;
      return [
        `${DEVICE_COOKIE}=${payload}.${sign(payload)}`,
        'Path=/api/v1/auth',
        `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(options.secure ? ['Secure'] : []),
      ].join('; ');
    },
    /**
     * The device id of `request`'s device cookie when it is validly signed and names `email`,
     * else '' (an unknown device).
     */
    deviceFor(request: FastifyRequest, email: string): string {
      const value = readCookie(request.headers.cookie, DEVICE_COOKIE);
      if (!value || email === '') return '';
      const [tag, device, signature] = value.split('.');
      if (!tag || !device || !signature || tag !== emailTag(email)) return '';
      const expected = Buffer.from(sign(`${tag}.${device}`));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? device : '';
    },
  };
}

/** Issues and reads device cookies: `issue(email)` and `deviceFor(request, email)` (ADR 0031). */
export type DeviceCookies = ReturnType<typeof deviceCookies>;
