/**
 * Pieces shared by the site's own write routes (`feedback`, `messages`, `subscribers`; docs/product.md §17):
 * the body fields and their limits (from the contract's `site.ts`), the request-body trimming hook,
 * the e-mail check and the per-IP rate limit.
 */
import { EMAIL_PATTERN } from '@campus/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

/**
 * Each site route accepts this many requests per IP per window (@fastify/rate-limit; over it:
 * 429 with Retry-After, see `plugins/external/rate-limit.ts`). The forms send one request per
 * submit, so 5 a minute is plenty for a person and stops a script.
 */
export const SITE_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

/** `SITE_RATE_LIMIT` with `max` multiplied by RATE_LIMIT_FACTOR (`config.rateLimitFactor`, as the auth limits). */
export function siteRateLimit(factor: number) {
  return {
    max: Math.max(1, Math.round(SITE_RATE_LIMIT.max * factor)),
    timeWindow: SITE_RATE_LIMIT.timeWindow,
  };
}

/** The message for an e-mail that is not an address (the same words as the forms and the auth routes). */
export const EMAIL_INVALID = 'Please enter a valid email address';

/**
 * Checks a (trimmed) e-mail with the rule the forms use (`EMAIL_PATTERN` of @campus/shared: the
 * HTML `type=email` rule with a dot in the domain).
 * @throws HttpError 400 `{message: EMAIL_INVALID, errors: {email: EMAIL_INVALID}}`
 */
export function assertEmail(email: string): void {
  if (!EMAIL_PATTERN.test(email)) throw badRequest(EMAIL_INVALID, { email: EMAIL_INVALID });
}

// The bodies' fields live in the contract (`@campus/shared/contract`, `site.ts`).
export { emailField, messageField, nameField, SITE_LIMITS, subjectField } from '@campus/shared/contract';

/**
 * preValidation hook: trims every top-level string of the JSON body, so '   ' counts as empty
 * (minLength 1 then rejects it) and stored values carry no stray spaces.
 */
export async function trimBody(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const record = body as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') record[key] = value.trim();
  }
}
