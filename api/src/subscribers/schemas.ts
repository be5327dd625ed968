/**
 * Route-level docs of `POST /api/v1/subscribers` (Coming Soon 'Notify Me'; docs/product.md §5
 * "email required"). The body and the answer are the entry of the table of endpoints
 * (`@campus/shared/contract`).
 */
import type { JsonOf, subscriberBodySchema } from '@campus/shared/contract';
import { errorResponses } from '../common/schemas.ts';

export const createSubscriberSchema = {
  tags: ['site'],
  summary: "Subscribe an e-mail to launch news ('Notify Me'); idempotent, rate-limited per IP",
  description:
    'An address already subscribed (compared case-insensitively) gets the same 201 answer and no second row, ' +
    'so the answer does not reveal who is subscribed.',
  response: errorResponses,
};

/** The validated body of `POST /subscribers` (read from the schema). */
export type SubscriberBody = JsonOf<typeof subscriberBodySchema>;
