/**
 * Who a chat click came from, without storing who (docs/product.md §20.6; ADR 0020): a visitor is the
 * SHA-256 of (the day's random salt, the client address as Fastify sees it with TRUST_PROXY, the
 * user agent), base64url. The salt is random per Africa/Nairobi day and shared by every API
 * process (Redis `<prefix>engagement:salt:<day>` when REDIS_URL is set, else the `visitor_salts`
 * table), and dropped after 2 days, so a stored hash cannot be traced back to an address.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EngagementRepository } from './repository.ts';

/** Africa/Nairobi is UTC+3 all year (no daylight saving since 1942). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Africa/Nairobi calendar day of `at`, 'YYYY-MM-DD'. */
export function nairobiDay(at: Date): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` ('YYYY-MM-DD') plus `days` (negative: earlier), 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` Nairobi days ending with the day of `at`, oldest first. */
export function lastDays(at: Date, count: number): string[] {
  const today = nairobiDay(at);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

/** Where the day's salt is agreed on. */
export interface SaltStore {
  /** The salt of `day`: `candidate` if this is the first call of any process that day, else the first one's. */
  get(day: string, candidate: string): Promise<string>;
}

/** Salts in the database (`visitor_salts`; one API process, or several without Redis). */
export function databaseSalts(repository: EngagementRepository): SaltStore {
  return { get: (day, candidate) => repository.daySalt(day, candidate) };
}

/** Salts in Redis (`<prefix>engagement:salt:<day>`, SET NX, expiring after 2 days). */
export function redisSalts(redis: Redis, prefix: string): SaltStore {
  return {
    async get(day, candidate) {
      const key = `${prefix}engagement:salt:${day}`;
      await redis.set(key, candidate, 'EX', 2 * 24 * 60 * 60, 'NX');
      return (await redis.get(key)) ?? candidate;
    },
  };
}

/**
 * Hashes visitors with the day's salt, read from `store` once per day and process (kept in
 * memory, with the previous day's, for the clicks around midnight).
 */
export class VisitorHasher {
  private readonly salts = new Map<string, Promise<string>>();
  constructor(private readonly store: SaltStore) {}

  /**
   * The visitor id of (`ip`, `userAgent`) on `day`: 22 base64url characters (128 bits of SHA-256).
   * @throws the store's error when the salt cannot be read (the click is then not counted)
   */
  async visitor(day: string, ip: string, userAgent: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.store.get(day, randomBytes(32).toString('base64url'));
      this.salts.set(day, salt);
      salt.catch(() => this.salts.delete(day));
      for (const known of this.salts.keys()) if (known < addDays(day, -1)) this.salts.delete(known);
    }
    return createHash('sha256')
      .update(`${await salt}\n${ip}\n${userAgent}`)
      .digest('base64url')
      .slice(0, 22);
  }
}

/** Who viewed or clicked: the day's visitor hash and the day's hash of the client address. */
export interface Visit {
  /** Salted daily hash of the visitor (its device cookie, or its address on the cookie's first day). */
  visitor: string;
  /** Salted daily hash of the client address alone (the burst rule counts visitors per address). */
  address: string;
}

/** Name of the signed cookie that makes a browser one visitor for views and chat clicks (ADR 0031). */
export const VISITOR_COOKIE = 'campus_visitor';
/** Lifetime of a visitor cookie, in seconds (a year). */
const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The value of cookie `name` in a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index > 0 && pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * Visitors told apart by a signed cookie (docs/decisions/0031), not by their user agent:
 * `campus_visitor=<random id>.<day issued>.<address tag>.<HMAC>` (HttpOnly, SameSite=Lax, a
 * year, Secure on an https site). A request without a valid cookie, or whose cookie was issued
 * today from the same address, is its address's visitor (so a client that drops or re-mints
 * cookies is one visitor per address and day); a cookie from an earlier day or another address
 * is its own visitor. Only the salted daily hashes (`VisitorHasher`) are stored, never the id.
 */
export class VisitorIdentifier {
  private readonly key: Buffer;
  constructor(
    secret: string,
    private readonly hasher: VisitorHasher,
    private readonly secure: boolean,
  ) {
    this.key = createHmac('sha256', secret).update('campus-soko visitor cookie v1').digest();
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 32);
  }

  private addressTag(day: string, ip: string): string {
    return this.sign(`address|${day}|${ip}`).slice(0, 16);
  }

  /**
   * The visit of a request on `day`, and the Set-Cookie value to send when the request has no
   * valid cookie (else null).
   * @throws the salt store's error (the caller then does not count)
   */
  async identify(
    day: string,
    ip: string,
    cookieHeader: string | undefined,
  ): Promise<{ visit: Visit; setCookie: string | null }> {
    const address = await this.hasher.visitor(day, ip, '');
    const cookie = this.read(cookieHeader);
    const sameDayAndAddress = cookie && cookie.day === day && cookie.tag === this.addressTag(day, ip);
    const visitor =
      cookie && !sameDayAndAddress ? await this.hasher.visitor(day, `cookie:${cookie.id}`, '') : address;
    return { visit: { visitor, address }, setCookie: cookie ? null : this.issue(day, ip) };
  }

  private read(header: string | undefined): { id: string; day: string; tag: string } | undefined {
    const value = cookieValue(header, VISITOR_COOKIE);
    if (!value) return undefined;
    const [id, day, tag, signature] = value.split('.');
    if (!id || !day || !tag || !signature) return undefined;
    const expected = Buffer.from(this.sign(`${id}.${day}.${tag}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { id, day, tag };
  }

  private issue(day: string, ip: string): string {
    const payload = `${randomBytes(12).toString('base64url')}.${day}.${this.addressTag(day, ip)}`;
    return [
      `${VISITOR_COOKIE}=${payload}.${this.sign(payload)}`,
      'Path=/',
      `Max-Age=${VISITOR_COOKIE_MAX_AGE_S}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(this.secure ? ['Secure'] : []),
    ].join('; ');
  }
}
