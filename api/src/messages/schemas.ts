/**
 * Route-level docs of `POST /api/v1/messages` (docs/product.md §3 "Message form", §5). The body
 * and the answer are the entry of the table of endpoints (`@campus/shared/contract`).
 */
import type { JsonOf, messageBodySchema } from '@campus/shared/contract';
import { errorResponses } from '../common/schemas.ts';

export const createMessageSchema = {
  tags: ['site'],
  summary: 'Send a message from the Contact Us page (stored; rate-limited per IP)',
  response: errorResponses,
};

/** The validated body of `POST /messages` (read from the schema). */
export type MessageBody = JsonOf<typeof messageBodySchema>;
