/**
 * Pieces shared by the site's own write routes (`feedback`, `messages`, `subscribers`; docs/product.md §17):
 * length limits, the request-body trimming hook, the 201 answer and the per-IP rate limit.
 *
 * Limits (characters, after trimming; our decision, the spec shows none):
 * name ≤ 100, email ≤ 254 (RFC 5321 path limit), subject ≤ 150, message/feedback ≤ 5000.
 * Every text field must be non-empty after trimming (docs/product.md §5 "all fields required").
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@campus/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../common/schemas.ts';
import { badRequest } from '../errors.ts';

export const SITE_LIMITS = { name: 100, email: EMAIL_MAX_LENGTH, subject: 150, message: 5000 } as const;

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

export const nameField = { type: 'string', minLength: 1, maxLength: SITE_LIMITS.name } as const;
export const emailField = {
  type: 'string',
  minLength: 1,
  maxLength: SITE_LIMITS.email,
  description:
    "E-mail address (checked with @campus/shared's EMAIL_PATTERN: 400 'Please enter a valid email address')",
} as const;
export const subjectField = { type: 'string', minLength: 1, maxLength: SITE_LIMITS.subject } as const;
export const messageField = { type: 'string', minLength: 1, maxLength: SITE_LIMITS.message } as const;

/** `201 {status: "success", message}` plus the error answers. */
export const createdResponse = {
  201: {
    type: 'object',
    required: ['status', 'message'],
    properties: {
      status: { type: 'string', const: 'success' },
      message: { type: 'string', description: 'Confirmation to show to the user' },
    },
  },
  ...errorResponses,
} as const;

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
