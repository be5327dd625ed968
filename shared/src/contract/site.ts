/**
 * The bodies and the answer of the site's own write routes (docs/product.md §17): feedback and
 * messages from the Contact Us page, the Coming Soon page's 'Notify Me' subscription. Pure
 * `as const` data.
 *
 * Limits (characters, after trimming): name ≤ 100, email ≤ 254 (RFC 5321 path limit),
 * subject ≤ 150, message/feedback ≤ 5000. Every text field must be non-empty after trimming
 * (docs/product.md §5 "all fields required").
 */
import { EMAIL_MAX_LENGTH } from '../constants';

export const SITE_LIMITS = { name: 100, email: EMAIL_MAX_LENGTH, subject: 150, message: 5000 } as const;

export const nameField = { type: 'string', minLength: 1, maxLength: SITE_LIMITS.name } as const;
export const emailField = {
  type: 'string',
  minLength: 1,
  maxLength: SITE_LIMITS.email,
  description:
    "E-mail address (checked with @campus/shared's EMAIL_PATTERN: 400 'Please enter a valid email address')",
} as const;
export const subjectField = { type: 'string', minLength: 1, maxLength: SITE_LIMITS.subject } as const;
export const messageField = { type: 'string', minLength: 1, maxLength: SITE_LIMITS.message } as const;

/** The 201 answer of the site's write routes: `{status: "success", message}`. */
export const createdAnswerSchema = {
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: { type: 'string', const: 'success' },
    message: { type: 'string', description: 'Confirmation to show to the user' },
  },
} as const;

/** `POST /feedback` body (docs/product.md §3 "Feedback form": rating 5 Excellent … 1 Poor). */
export const feedbackBodySchema = {
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
} as const;

/** `POST /messages` body (docs/product.md §3 "Message form"). */
export const messageBodySchema = {
  type: 'object',
  required: ['name', 'email', 'subject', 'message'],
  additionalProperties: false,
  properties: { name: nameField, email: emailField, subject: subjectField, message: messageField },
} as const;

/** `POST /subscribers` body (docs/product.md §5 "email required"). */
export const subscriberBodySchema = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: emailField },
} as const;
