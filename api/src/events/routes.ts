/**
 * Events routes under /api/v1 (docs/product.md §15): `GET /events` (public, upcoming), `GET /events/:id`,
 * `GET /events/mine`, `POST /events`, `PATCH /events/:id`, `DELETE /events/:id` (verified users;
 * writes by the organizer, delete also by an admin).
 */
import type { FastifyInstance } from 'fastify';
import { cleanListQuery } from '../common/http.ts';
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
import type { EventListQuery } from './service.ts';

/** Fields of the event form. */
const EVENT_FORM = {
  fields: ['title', 'description', 'startsAt', 'endsAt', 'venue', 'university', 'price'],
  files: { coverImage: { max: 1, tooMany: 'Send one cover image' } },
} as const;

export default async function eventsRoutes(app: FastifyInstance) {
  app.get<{ Querystring: EventListQuery }>(
    '/events',
    { schema: listEventsSchema, preValidation: cleanListQuery, config: { publicCache: true } },
    async (request) => ({ status: 'success', data: await app.events.list(request.query) }),
  );

  app.get('/events/mine', { schema: myEventsSchema, onRequest: sellerOnly(app) }, async (request) => ({
    status: 'success',
    data: { events: await app.events.mine(request.user.id) },
  }));

  app.get<{ Params: { id: string } }>(
    '/events/:id',
    { schema: getEventSchema, config: { publicCache: true } },
    async (request) => ({ status: 'success', data: { event: await app.events.get(request.params.id) } }),
  );

  app.post(
    '/events',
    { schema: createEventSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      const event = await app.events.create(request.user, await readForm(request, EVENT_FORM));
      return reply.code(201).send({ status: 'success', data: { event } });
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/events/:id',
    { schema: updateEventSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request) => {
      const form = await readForm(request, EVENT_FORM);
      return {
        status: 'success',
        data: { event: await app.events.update(request.user, request.params.id, form) },
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/events/:id',
    { schema: deleteEventSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      await app.events.remove(request.user, request.params.id);
      return reply.code(204).send();
    },
  );
}
