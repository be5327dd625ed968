/**
 * Events routes under /api/v1 (docs/product.md §15): `GET /events` (public, upcoming), `GET /events/:id`,
 * `GET /events/mine`, `POST /events`, `PATCH /events/:id`, `DELETE /events/:id` (verified users;
 * writes by the organizer, delete also by an admin). Registered from the table of endpoints
 * (docs/decisions/0038).
 */
import { eventForm } from '@campus/shared/contract';
import type { FastifyInstance } from 'fastify';
import { cleanListQuery } from '../common/http.ts';
import { route } from '../common/route.ts';
import { readForm } from '../selling/form.ts';
import { sellerOnly, writeLimit } from '../selling/hooks.ts';
import {
  createEventSchema,
  deleteEventSchema,
  getEventSchema,
  listEventsSchema,
  myEventsSchema,
  updateEventSchema,
} from './schemas.ts';

/** Fields of the event form. */
const EVENT_FORM = {
  fields: eventForm.fields,
  files: { coverImage: { max: 1, tooMany: 'Send one cover image' } },
} as const;

export default async function eventsRoutes(app: FastifyInstance) {
  route(app, 'GET /events', {
    schema: listEventsSchema,
    preValidation: cleanListQuery,
    config: { publicCache: true },
  })(async (request) => ({ status: 'success', data: await app.events.list(request.query) }));

  route(app, 'GET /events/mine', { schema: myEventsSchema, onRequest: sellerOnly(app) })(async (request) => ({
    status: 'success',
    data: { events: await app.events.mine(request.user.id) },
  }));

  route(app, 'GET /events/:id', { schema: getEventSchema, config: { publicCache: true } })(
    async (request) => ({ status: 'success', data: { event: await app.events.get(request.params.id) } }),
  );

  route(app, 'POST /events', {
    schema: createEventSchema,
    onRequest: sellerOnly(app),
    config: writeLimit(app),
  })(async (request) => ({
    status: 'success',
    data: { event: await app.events.create(request.user, await readForm(request, EVENT_FORM)) },
  }));

  route(app, 'PATCH /events/:id', {
    schema: updateEventSchema,
    onRequest: sellerOnly(app),
    config: writeLimit(app),
  })(async (request) => {
    const form = await readForm(request, EVENT_FORM);
    return {
      status: 'success',
      data: { event: await app.events.update(request.user, request.params.id, form) },
    };
  });

  route(app, 'DELETE /events/:id', {
    schema: deleteEventSchema,
    onRequest: sellerOnly(app),
    config: writeLimit(app),
  })(async (request) => {
    await app.events.remove(request.user, request.params.id);
    return undefined;
  });
}
