/**
 * Feedback use case: store what the Contact Us feedback form sends (docs/product.md §17).
 */

import { FEEDBACK_THANKS } from '@campus/shared/constants';
import { assertEmail } from '../site/common.ts';
import type { FeedbackRepository } from './repository.ts';
import type { FeedbackBody } from './schemas.ts';

export { FEEDBACK_THANKS };

export type FeedbackService = ReturnType<typeof feedbackService>;

/** Builds the feedback service. */
export function feedbackService(repository: FeedbackRepository) {
  return {
    /**
     * Stores schema-validated, trimmed feedback; resolves to the confirmation message.
     * @throws HttpError 400 when the e-mail is not an address
     */
    async submit(body: FeedbackBody): Promise<string> {
      assertEmail(body.email);
      await repository.insert({
        name: body.name,
        email: body.email,
        rating: body.rating,
        message: body.message,
      });
      return FEEDBACK_THANKS;
    },
  };
}
