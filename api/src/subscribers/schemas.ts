/**
 * Request and response schemas of `POST /api/v1/subscribers` (Coming Soon 'Notify Me'; docs/product.md §5
 * "email required").
 */
import type { JsonOf } from '@campus/shared/contract';
import { createdResponse, emailField } from '../site/common.ts';

export const createSubscriberSchema = {
  tags: ['site'],
  summary: "Subscribe an e-mail to launch news ('Notify Me'); idempotent, rate-limited per IP",
  description:
    'An address already subscribed (compared case-insensitively) gets the same 201 answer and no second row, ' +
    'so the answer does not reveal who is subscribed.',
  body: {
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: { email: emailField },
  },
  response: createdResponse,
} as const;

/** The validated body of `POST /subscribers` (read from the schema). */
export type SubscriberBody = JsonOf<typeof createSubscriberSchema.body>;
