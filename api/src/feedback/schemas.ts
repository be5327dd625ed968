/**
 * Request and response schemas of `POST /api/v1/feedback` (docs/product.md §3 "Feedback form": name, email,
 * rating 5 Excellent … 1 Poor, message; docs/product.md §5 "all fields required, email in e-mail format").
 */
import type { JsonOf } from '@campus/shared/contract';
import { createdResponse, emailField, messageField, nameField } from '../site/common.ts';

export const createFeedbackSchema = {
  tags: ['site'],
  summary: 'Send feedback from the Contact Us page (stored; rate-limited per IP)',
  body: {
    type: 'object',
    required: ['name', 'email', 'rating', 'message'],
    additionalProperties: false,
    properties: {
      name: nameField,
      email: emailField,
      rating: {
        type: 'integer',
        minimum: 1,
        maximum: 5,
        description: '5 Excellent, 4 Very Good, 3 Good, 2 Fair, 1 Poor',
      },
      message: { ...messageField, description: 'The feedback text' },
    },
  },
  response: createdResponse,
} as const;

/** The validated body of `POST /feedback` (read from the schema). */
export type FeedbackBody = JsonOf<typeof createFeedbackSchema.body>;
