/**
 * Rate limits of the account routes (docs/product.md §12; ARCHITECTURE "Security baseline"; ADR 0011
 * and 14). Each route is limited per client IP and per account key (the body's e-mail,
 * lower-cased; the link token for reset; the user id for a password change), all counted on every
 * attempt. Over any limit: 429
 * `{status: "fail", message: "Too many attempts, please try again in N seconds."}` with
 * `Retry-After: N`.
 *
 * - Per-IP allowances are sized for a lecture hall behind one campus NAT (ADR 0011):
 *   hundreds of students signing up or logging in from one address within the hour.
 * - Per-account allowances stay tight (guessing one account's password, mail floods to one
 *   address). For login (ADR 0011) the tight limit counts per (e-mail, client address), so
 *   wrong passwords sent from one address cannot lock the owner out everywhere; a much higher
 *   per-e-mail ceiling still caps a spread-out attack on one account. A browser that logged in
 *   before (a valid device cookie for that e-mail, `device-cookie.ts`) is counted per device
 *   instead of against that ceiling, so an attack cannot lock the owner out (ADR 0031).
 *
 * Every `max` is multiplied by `config.rateLimitFactor` (RATE_LIMIT_FACTOR, default 1).
 * Counters live in @fastify/rate-limit's store (memory, per process, unless the plugin is given
 * another store).
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { HttpError } from '../errors.ts';
import type { DeviceCookies } from './device-cookie.ts';

/** One window: at most `max` attempts per `windowMs` milliseconds. */
export interface Allowance {
  max: number;
  windowMs: number;
}

/**
 * The allowances of one route: per client IP, per account key, and optionally per (key, IP) and
 * per known device (a device cookie for that key replaces the per-key ceiling, ADR 0031).
 */
export interface RouteAllowances {
  perIp: Allowance;
  perKey: Allowance;
  perKeyAndIp?: Allowance;
  perDevice?: Allowance;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits, before `rateLimitFactor`. */
export const AUTH_RATE_LIMITS = {
  signup: { perIp: { max: 400, windowMs: HOUR }, perKey: { max: 5, windowMs: HOUR } },
  login: {
    perIp: { max: 1000, windowMs: 15 * MINUTE },
    perKey: { max: 100, windowMs: 15 * MINUTE },
    perKeyAndIp: { max: 10, windowMs: 15 * MINUTE },
    perDevice: { max: 10, windowMs: 15 * MINUTE },
  },
  resendVerification: { perIp: { max: 400, windowMs: HOUR }, perKey: { max: 5, windowMs: HOUR } },
  forgotPassword: { perIp: { max: 400, windowMs: HOUR }, perKey: { max: 5, windowMs: HOUR } },
  resetPassword: { perIp: { max: 300, windowMs: 15 * MINUTE }, perKey: { max: 10, windowMs: 15 * MINUTE } },
  changePassword: { perIp: { max: 300, windowMs: 15 * MINUTE }, perKey: { max: 10, windowMs: 15 * MINUTE } },
} as const satisfies Record<string, RouteAllowances>;

export type AuthRateLimitName = keyof typeof AUTH_RATE_LIMITS;

/** The 429 message for a wait of `seconds` (at least 1). */
export function tooManyAttemptsMessage(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  return `Too many attempts, please try again in ${wait} second${wait === 1 ? '' : 's'}.`;
}

/** The account key of a request: the body's e-mail (trimmed, lower-cased), else '' (not limited by key). */
export function emailKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** The account key of a reset: the token in the path. */
export function tokenKey(request: FastifyRequest): string {
  const token = (request.params as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token : '';
}

/** The account key of a signed-in route: the verified user id (after `app.authenticate`). */
export function userKey(request: FastifyRequest): string {
  return request.user?.id ?? '';
}

interface LimiterResult {
  isAllowed: boolean;
  isExceeded?: boolean;
  ttlInSeconds?: number;
}
type Limiter = (request: FastifyRequest) => Promise<LimiterResult>;

declare module 'fastify' {
  interface FastifyInstance {
    /** From @fastify/rate-limit: a limiter function that counts one attempt and reports. */
    createRateLimit(options: Record<string, unknown>): Limiter;
  }
}

/**
 * A preValidation hook enforcing `AUTH_RATE_LIMITS[name]` (IP first, then the key and IP, then
 * the key). Needs the rate-limit plugin (`plugins/external/rate-limit.ts`) registered on `app`.
 * With `devices` (login), a request carrying a valid device cookie for its key is counted per
 * device instead of against the per-key ceiling (OWASP device cookies, ADR 0031).
 * @param key how to read the account key from the request (default: the body's e-mail)
 */
export function authRateLimit(
  app: FastifyInstance,
  name: AuthRateLimitName,
  key: (request: FastifyRequest) => string = emailKey,
  devices?: Pick<DeviceCookies, 'deviceFor'>,
): preValidationHookHandler {
  const factor = app.config.rateLimitFactor;
  const allowances: RouteAllowances = AUTH_RATE_LIMITS[name];
  const scaled = (allowance: Allowance) => Math.max(1, Math.round(allowance.max * factor));
  // Each limiter's keys are namespaced by route and kind: a store shared by several limiters
  // (e.g. Redis) must not mix their counters.
  const limiter = (allowance: Allowance, kind: string, keyOf: (request: FastifyRequest) => string) =>
    app.createRateLimit({
      max: scaled(allowance),
      timeWindow: allowance.windowMs,
      keyGenerator: (request: FastifyRequest) => {
        const value = keyOf(request);
        return value === '' ? '' : `auth:${name}:${kind}:${value}`;
      },
      allowList: (_request: FastifyRequest, value: string) => value === '',
    });
  const limiters = [
    limiter(allowances.perIp, 'ip', (request) => request.ip),
    ...(allowances.perKeyAndIp
      ? [
          limiter(allowances.perKeyAndIp, 'key-ip', (request) => {
            const value = key(request);
            return value === '' ? '' : `${value}|${request.ip}`;
          }),
        ]
      : []),
  ];
  const perKey = limiter(allowances.perKey, 'key', key);
  const perDevice =
    devices && allowances.perDevice
      ? limiter(allowances.perDevice, 'device', (request) => devices.deviceFor(request, key(request)))
      : undefined;
  return async (request, reply) => {
    const last = perDevice && devices && devices.deviceFor(request, key(request)) !== '' ? perDevice : perKey;
    for (const limiter of [...limiters, last]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds ?? 1);
        reply.header('retry-after', seconds);
        throw new HttpError(429, tooManyAttemptsMessage(seconds));
      }
    }
  };
}
