/**
 * Validation of the Contact Us forms (docs/product.md §5 "Contact forms": all fields required, email in
 * e-mail format, rating required), with the same length limits as the API (`api/src/site/common.ts`).
 * Text is trimmed before it is checked, so spaces alone count as empty.
 */

import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, RATINGS, VALIDATION_MESSAGES } from '@campus/shared';
import * as yup from 'yup';

export const CONTACT_LIMITS = { name: 100, email: EMAIL_MAX_LENGTH, subject: 150, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: VALIDATION_MESSAGES.nameRequired,
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  emailRequired: VALIDATION_MESSAGES.emailRequired,
  emailInvalid: VALIDATION_MESSAGES.emailInvalid,
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.email} characters`,
  ratingRequired: 'Please choose a rating',
  feedbackRequired: 'Feedback is required',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${CONTACT_LIMITS.subject} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Must be at most ${CONTACT_LIMITS.message} characters`,
} as const;

/** The rating options, best first: '5 - Excellent' … '1 - Poor' (docs/product.md §3 "Feedback form"). */
export const RATING_OPTIONS = RATINGS.map((rating) => ({
  value: String(rating.value),
  label: `${rating.value} - ${rating.label}`,
}));

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

/** Values of the feedback form (rating as the select's string, '' until chosen). */
export interface FeedbackValues {
  name: string;
  email: string;
  rating: string;
  feedback: string;
}

/** Values of the message form. */
export interface MessageValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

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
