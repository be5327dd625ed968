/**
 * The Contact Us forms posted without JavaScript (ADR 0032): `POST /contact/feedback` and
 * `POST /contact/message` take the forms' own fields as `application/x-www-form-urlencoded`
 * (@fastify/formbody, registered in this scope only), validate them with the API routes' schemas
 * (`POST /api/v1/feedback`, `/messages`), store them through the same services, and answer:
 *
 * - stored: 303 to `/contact?sent=feedback` or `/contact?form=message&sent=message` (a redirect
 *   after POST: a reload does not send it twice), whose page shows the notice;
 * - refused (a field the schema or the service rejects, the site's rate limit): a small page with
 *   the API's messages and the status (400, 429). Nothing of what was typed is in a URL or a
 *   cookie: the browser's Back button returns to the form as it was left.
 *
 * Fields never reach a URL: these routes accept POST only (a GET is the site's 404 page and
 * stores nothing), and the request log records the URL, never the body.
 */

import { feedbackBodySchema, messageBodySchema } from '@campus/shared/contract';
import formBody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FailBody, HttpError, INTERNAL_ERROR_MESSAGE, validationFailBody } from '../errors.ts';
import type { FeedbackBody } from '../feedback/schemas.ts';
import type { MessageBody } from '../messages/schemas.ts';
import { escapeHtml } from '../plugins/app/server-rendering.ts';
import { siteRateLimit, trimBody } from './common.ts';

/** Where each form goes once stored (the Contact Us page shows the notice for `sent`). */
export const CONTACT_SENT_URL = {
  feedback: '/contact?sent=feedback',
  message: '/contact?form=message&sent=message',
} as const;

type ContactForm = keyof typeof CONTACT_SENT_URL;

const NOT_SENT_TITLE: Record<ContactForm, string> = {
  feedback: 'Your feedback was not sent',
  message: 'Your message was not sent',
};

/** The form's own field names for the API's (the feedback form calls its text `feedback`). */
const FORM_FIELD_LABELS: Record<ContactForm, Record<string, string>> = {
  feedback: { name: 'Name', email: 'Email', rating: 'Rating', message: 'Feedback' },
  message: { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' },
};

/**
 * The page answering a refused form: its title, the API's messages (one per field, labelled with
 * the form's field names), and the way back to the form. Plain HTML without scripts or styles
 * (the site's CSP applies), every value escaped.
 */
export function notSentPage(form: ContactForm, fail: FailBody): string {
  const labels = FORM_FIELD_LABELS[form];
  const items = fail.errors
    ? Object.entries(fail.errors).map(
        ([field, message]) =>
          `<li>${labels[field] ? `<strong>${escapeHtml(labels[field])}:</strong> ` : ''}${escapeHtml(message)}</li>`,
      )
    : [`<li>${escapeHtml(fail.message)}</li>`];
  const title = NOT_SENT_TITLE[form];
  const back = form === 'message' ? '/contact?form=message' : '/contact';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title} | Campus Soko</title></head><body><main><h1>${title}</h1><p>Please correct this and send it again:</p><ul>${items.join('')}</ul><p>Use your browser's Back button to return to the form: what you typed is still there.</p><p><a href="${back}">Contact Us</a></p></main></body></html>`;
}

/** preValidation: the feedback form's `feedback` field is the API's `message`. */
async function feedbackFieldNames(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && 'feedback' in body && !('message' in body)) {
    body.message = body.feedback;
    delete body.feedback;
  }
  await trimBody(request, reply);
}

/** Scope error handler: a refused or failed form gets the page above, never JSON or a stack. */
function formErrorHandler(form: ContactForm) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let status: number;
    let fail: FailBody;
    if (error.validation) {
      status = 400;
      fail = validationFailBody(error.validation as never, error.validationContext ?? 'body');
    } else if (error instanceof HttpError || (error.statusCode && error.statusCode < 500)) {
      status = error.statusCode ?? 400;
      const errors = error instanceof HttpError ? error.errors : undefined;
      fail = { status: 'fail', message: error.message, ...(errors ? { errors } : {}) };
    } else {
      request.log.error({ err: error }, 'contact form failed');
      status = 500;
      fail = { status: 'fail', message: INTERNAL_ERROR_MESSAGE };
    }
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(notSentPage(form, fail));
  };
}

/** The two form routes (registered at the site's root, outside /api/v1). */
export default async function contactFormRoutes(app: FastifyInstance) {
  await app.register(formBody);
  const rateLimit = siteRateLimit(app.config.rateLimitFactor);

  await app.register(async (scope) => {
    scope.setErrorHandler(formErrorHandler('feedback'));
    scope.post<{ Body: FeedbackBody }>(
      '/contact/feedback',
      {
        schema: { hide: true, body: feedbackBodySchema },
        preValidation: feedbackFieldNames,
        config: { rateLimit },
      },
      async (request, reply) => {
        await app.feedback.submit(request.body);
        return reply.header('cache-control', 'no-store').redirect(CONTACT_SENT_URL.feedback, 303);
      },
    );
  });

  await app.register(async (scope) => {
    scope.setErrorHandler(formErrorHandler('message'));
    scope.post<{ Body: MessageBody }>(
      '/contact/message',
      {
        schema: { hide: true, body: messageBodySchema },
        preValidation: trimBody,
        config: { rateLimit },
      },
      async (request, reply) => {
        await app.messages.submit(request.body);
        return reply.header('cache-control', 'no-store').redirect(CONTACT_SENT_URL.message, 303);
      },
    );
  });
}
