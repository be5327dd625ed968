/**
 * The Contact Us forms' limits (the API's: `api/src/site/common.ts`), messages, rating options and
 * values (docs/product.md §5 "Contact forms", §3 "Feedback form"), without yup: a form's first view imports
 * these, its yup schemas (`schemas.ts`) come with the first validation (docs/product.md §23).
 */
import { EMAIL_MAX_LENGTH, RATINGS, VALIDATION_MESSAGES } from '@campus/shared';

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
