/**
 * Rate limits of the account routes (issue 4; ARCHITECTURE "Security baseline"): each route is
 * limited per client IP and per account key (the body's e-mail, lower-cased; the link token for
 * reset), both counted on every attempt. Over either limit: 429
 * `{status: "fail", message: "Too many attempts, please try again in N seconds."}` with
 * `Retry-After: N`. Per-IP allowances are generous (a campus network shares one address); the
 * per-e-mail ones stop guessing one account's password and mail floods to one address.
 *
 * Every `max` is multiplied by `config.rateLimitFactor` (RATE_LIMIT_FACTOR, default 1).
 * Counters live in memory (@fastify/rate-limit's local store), per process.
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { HttpError } from '../errors.ts';

/** One window: at most `max` attempts per `windowMs` milliseconds. */
export interface Allowance {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits, before `rateLimitFactor`. */
export const AUTH_RATE_LIMITS = {
  signup: { perIp: { max: 20, windowMs: HOUR }, perKey: { max: 5, windowMs: HOUR } },
  login: { perIp: { max: 60, windowMs: 15 * MINUTE }, perKey: { max: 10, windowMs: 15 * MINUTE } },
  resendVerification: { perIp: { max: 20, windowMs: HOUR }, perKey: { max: 5, windowMs: HOUR } },
  forgotPassword: { perIp: { max: 20, windowMs: HOUR }, perKey: { max: 5, windowMs: HOUR } },
  resetPassword: { perIp: { max: 30, windowMs: 15 * MINUTE }, perKey: { max: 10, windowMs: 15 * MINUTE } },
} as const satisfies Record<string, { perIp: Allowance; perKey: Allowance }>;

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
 * A preValidation hook enforcing `AUTH_RATE_LIMITS[name]` (IP first, then the key).
 * Needs the rate-limit plugin (`plugins/external/rate-limit.ts`) registered on `app`.
 * @param key how to read the account key from the request (default: the body's e-mail)
 */
export function authRateLimit(
  app: FastifyInstance,
  name: AuthRateLimitName,
  key: (request: FastifyRequest) => string = emailKey,
): preValidationHookHandler {
  const factor = app.config.rateLimitFactor;
  const { perIp, perKey } = AUTH_RATE_LIMITS[name];
  const scaled = (allowance: Allowance) => Math.max(1, Math.round(allowance.max * factor));
  const byIp = app.createRateLimit({ max: scaled(perIp), timeWindow: perIp.windowMs });
  const byKey = app.createRateLimit({
    max: scaled(perKey),
    timeWindow: perKey.windowMs,
    keyGenerator: (request: FastifyRequest) => key(request),
    allowList: (_request: FastifyRequest, value: string) => value === '',
  });
  return async (request, reply) => {
    for (const limiter of [byIp, byKey]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds ?? 1);
        reply.header('retry-after', seconds);
        throw new HttpError(429, tooManyAttemptsMessage(seconds));
      }
    }
  };
}
