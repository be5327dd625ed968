/**
 * Route-level docs of `POST /api/v1/feedback` (docs/product.md §3 "Feedback form", §5). The body
 * and the answer are the entry of the table of endpoints (`@campus/shared/contract`).
 */
import type { feedbackBodySchema, JsonOf } from '@campus/shared/contract';
import { errorResponses } from '../common/schemas.ts';

export const createFeedbackSchema = {
  tags: ['site'],
  summary: 'Send feedback from the Contact Us page (stored; rate-limited per IP)',
  response: errorResponses,
};

/** The validated body of `POST /feedback` (read from the schema). */
export type FeedbackBody = JsonOf<typeof feedbackBodySchema>;
