/**
 * Request and response schemas of `POST /api/v1/messages` (docs/product.md §3 "Message form": name, email,
 * subject, message; docs/product.md §5 "all fields required, email in e-mail format").
 */
import type { JsonOf } from '@campus/shared/contract';
import { createdResponse, emailField, messageField, nameField, subjectField } from '../site/common.ts';

export const createMessageSchema = {
  tags: ['site'],
  summary: 'Send a message from the Contact Us page (stored; rate-limited per IP)',
  body: {
    type: 'object',
    required: ['name', 'email', 'subject', 'message'],
    additionalProperties: false,
    properties: { name: nameField, email: emailField, subject: subjectField, message: messageField },
  },
  response: createdResponse,
} as const;

/** The validated body of `POST /messages` (read from the schema). */
export type MessageBody = JsonOf<typeof createMessageSchema.body>;
