/**
 * Validation of the Contact Us forms (docs/product.md §5 "Contact forms": all fields required, email in
 * e-mail format, rating required), with the same length limits as the API (`api/src/site/common.ts`).
 * Text is trimmed before it is checked, so spaces alone count as empty. Loaded with a form's first
 * validation (docs/product.md §23); the limits, messages and values are in `fields.ts`.
 */

import { EMAIL_PATTERN } from '@campus/shared';
import * as yup from 'yup';
import { CONTACT_LIMITS, CONTACT_MESSAGES, RATING_OPTIONS } from './fields';

export {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type FeedbackValues,
  type MessageValues,
  RATING_OPTIONS,
} from './fields';

const name = yup
  .string()
  .trim()
  .required(CONTACT_MESSAGES.nameRequired)
  .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong);
/** E-mail: required, then the site-wide rule (`EMAIL_PATTERN`, as the API and the account forms). */
export const emailSchema = yup
  .string()
  .trim()
  .required(CONTACT_MESSAGES.emailRequired)
  .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailTooLong)
  .matches(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid);

export const feedbackSchema = yup.object({
  name,
  email: emailSchema,
  rating: yup
    .string()
    .required(CONTACT_MESSAGES.ratingRequired)
    .oneOf(
      RATING_OPTIONS.map((option) => option.value),
      CONTACT_MESSAGES.ratingRequired,
    ),
  feedback: yup
    .string()
    .trim()
    .required(CONTACT_MESSAGES.feedbackRequired)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
});

export const messageSchema = yup.object({
  name,
  email: emailSchema,
  subject: yup
    .string()
    .trim()
    .required(CONTACT_MESSAGES.subjectRequired)
    .max(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong),
  message: yup
    .string()
    .trim()
    .required(CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
});
