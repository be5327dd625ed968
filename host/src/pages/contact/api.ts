/**
 * Calls behind the Contact Us forms (ARCHITECTURE decision: stored through the API).
 * Both resolve to the server's confirmation message and reject with the axios error (read it
 * with `apiErrorMessage` / `apiFieldErrors`). They opt out of the client's 404/403 redirects:
 * the form shows the problem itself.
 */
import { apiClient, FEEDBACK_THANKS, MESSAGE_THANKS } from '@campus/shared';
import type { FeedbackValues, MessageValues } from './fields';

/** `POST /api/v1/feedback {name, email, rating, message}`; rating 1..5. */
export async function sendFeedback(values: FeedbackValues): Promise<string> {
  const answer = await apiClient.call('POST /feedback', {
    body: {
      name: values.name.trim(),
      email: values.email.trim(),
      rating: Number(values.rating),
      message: values.feedback.trim(),
    },
    redirectOnError: false,
  });
  return answer?.message || FEEDBACK_THANKS;
}

/** `POST /api/v1/messages {name, email, subject, message}`. */
export async function sendMessage(values: MessageValues): Promise<string> {
  const answer = await apiClient.call('POST /messages', {
    body: {
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    },
    redirectOnError: false,
  });
  return answer?.message || MESSAGE_THANKS;
}
