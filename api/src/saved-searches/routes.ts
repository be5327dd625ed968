/**
 * Saved searches routes under /api/v1 (docs/product.md §30), for signed-in students
 * (`app.authenticate`; owner only: 403 for someone else's, 404 unknown): `GET /saved-searches`,
 * `POST /saved-searches` (201), `PATCH /saved-searches/:id`, `DELETE /saved-searches/:id` (204).
 * No login for the alert mails' unsubscribe link: `GET /saved-searches/unsubscribe?token=` (a page
 * with one button) and `POST` (RFC 8058 one-click; also the button), both answering HTML. The owner
 * routes are registered from the table of endpoints (docs/decisions/0038); the unsubscribe routes
 * answer HTML pages, not JSON, and stay plain routes.
 */
import { type FavouriteKind, productListQuery, serviceListQuery } from '@campus/shared/contract';
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../common/route.ts';
import { HttpError, validationFailBody } from '../errors.ts';
import { escapeHtml } from '../mail/templates.ts';
import {
  deleteSavedSearchSchema,
  editSavedSearchSchema,
  listSavedSearchesSchema,
  saveSearchSchema,
  unsubscribePageSchema,
  unsubscribeSchema,
} from './schemas.ts';
import { checkFilters } from './service.ts';

/** The list route's query schema of each kind: what a saved search's filters must pass. */
const LIST_QUERY = {
  products: productListQuery,
  services: serviceListQuery,
} as unknown as Record<FavouriteKind, { properties: Record<string, unknown> }>;

/**
 * The filters as the list route would see them: strings trimmed and empty ones dropped (as its
 * `cleanListQuery`), then its own schema (coercion, defaults), then its own further checks.
 * @throws HttpError 400 with the list route's messages
 */
function validFilters(request: FastifyRequest, kind: FavouriteKind, raw: Record<string, unknown>) {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') {
      if (value.trim() !== '') filters[key] = value.trim();
    } else if (value !== null && value !== undefined) filters[key] = value;
  }
  const validate = request.compileValidationSchema(LIST_QUERY[kind], 'querystring');
  if (!validate(filters)) {
    const fail = validationFailBody((validate.errors ?? []) as never, 'querystring');
    throw new HttpError(400, fail.message, fail.errors);
  }
  return checkFilters(kind, filters, Object.keys(LIST_QUERY[kind].properties));
}

/** A small page (no script; the site's CSP applies), every value escaped. */
function page(reply: FastifyReply, status: number, title: string, body: string, manage: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${escapeHtml(title)} | Campus Soko</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="${escapeHtml(manage)}">Manage your saved searches and alerts</a></p></main></body></html>`,
    );
}

export default async function savedSearchesRoutes(app: FastifyInstance) {
  const onRequest = [app.authenticate];

  route(app, 'GET /saved-searches', { schema: listSavedSearchesSchema, onRequest })(async (request) => ({
    status: 'success',
    data: { savedSearches: await app.savedSearches.list(request.user.id) },
  }));

  route(app, 'POST /saved-searches', { schema: saveSearchSchema, onRequest })(async (request) => {
    const { name, kind, alert } = request.body;
    const filters = validFilters(request, kind, request.body.filters);
    const savedSearch = await app.savedSearches.save(request.user.id, {
      name: name.trim(),
      kind,
      filters,
      alert,
    });
    return { status: 'success', data: { savedSearch } };
  });

  route(app, 'PATCH /saved-searches/:id', { schema: editSavedSearchSchema, onRequest })(async (request) => {
    const { name, ...rest } = request.body ?? {};
    const savedSearch = await app.savedSearches.edit(request.user.id, request.params.id, {
      ...rest,
      ...(name !== undefined ? { name: name.trim() } : {}),
    });
    return { status: 'success', data: { savedSearch } };
  });

  route(app, 'DELETE /saved-searches/:id', { schema: deleteSavedSearchSchema, onRequest })(
    async (request) => {
      await app.savedSearches.remove(request.user.id, request.params.id);
      return undefined;
    },
  );

  // The unsubscribe link and the one-click POST (no login), in their own scope with form bodies.
  await app.register(async (scope) => {
    await scope.register(formBody);
    const manage = `${app.config.publicUrl}/app/saved-searches`;
    type TokenQuery = { Querystring: { token: string } };

    scope.get<TokenQuery>(
      '/saved-searches/unsubscribe',
      { schema: unsubscribePageSchema },
      async (request, reply) => {
        const valid = app.savedSearches.tokens.verify(request.query.token) !== null;
        if (!valid)
          return page(reply, 400, 'Link not valid', '<p>This unsubscribe link is not valid.</p>', manage);
        const action = `/api/v1/saved-searches/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
        return page(
          reply,
          200,
          'Stop these alerts?',
          `<p>You will no longer get e-mails for the saved searches of this alert. The searches stay saved.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these alerts</button></form>`,
          manage,
        );
      },
    );

    scope.post<TokenQuery>(
      '/saved-searches/unsubscribe',
      { schema: unsubscribeSchema },
      async (request, reply) => {
        try {
          await app.savedSearches.unsubscribe(request.query.token);
        } catch (error) {
          if (error instanceof HttpError) {
            return page(
              reply,
              error.statusCode,
              'Link not valid',
              `<p>${escapeHtml(error.message)}</p>`,
              manage,
            );
          }
          throw error;
        }
        return page(
          reply,
          200,
          'Alerts turned off',
          '<p>You will no longer get e-mails for these saved searches. You can turn alerts back on at any time.</p>',
          manage,
        );
      },
    );
  });
}
