/**
 * Services routes under /api/v1 (spec 7): `GET /services`, `GET /services/get-services-count`,
 * `GET /services/:id`.
 */
import type { FastifyInstance } from 'fastify';
import { cleanListQuery } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import { readForm } from '../selling/form.ts';
import { sellerOnly, writeLimit } from '../selling/hooks.ts';
import { LISTING_FILES } from '../selling/listing.ts';
import {
  createServiceSchema,
  deleteServiceSchema,
  getServiceSchema,
  listServicesSchema,
  myServicesSchema,
  servicesCountSchema,
  updateServiceSchema,
} from './schemas.ts';

/** Fields of the service form (spec 7 POST /services; clearPhotos on edit). */
const SERVICE_FORM = {
  fields: ['name', 'description', 'price', 'category', 'clearPhotos'],
  files: LISTING_FILES,
} as const;

export default async function servicesRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>(
    '/services',
    { schema: listServicesSchema, preValidation: cleanListQuery, config: { publicCache: true } },
    async (request) => ({ status: 'success', data: await app.services.list(request.query) }),
  );

  app.get(
    '/services/get-services-count',
    { schema: servicesCountSchema, config: { publicCache: true } },
    async () => ({ status: 'success', results: await app.services.countAll() }),
  );

  app.get<{ Params: { id: string } }>(
    '/services/:id',
    { schema: getServiceSchema, config: { publicCache: true } },
    async (request) => ({
      status: 'success',
      data: { service: await app.services.getAndCountView(request.params.id) },
    }),
  );

  // Selling (issue 5): verified users only; writes by the provider (delete: provider or admin).
  app.get('/services/mine', { schema: myServicesSchema, onRequest: sellerOnly(app) }, async (request) => ({
    status: 'success',
    data: { services: await app.services.mine(request.user.id) },
  }));

  app.post(
    '/services',
    { schema: createServiceSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      const form = await readForm(request, SERVICE_FORM, { requireMultipart: true });
      const service = await app.services.create(request.user, form);
      return reply.code(201).send({ status: 'success', data: { service } });
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/services/:id',
    { schema: updateServiceSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request) => {
      const form = await readForm(request, SERVICE_FORM);
      return {
        status: 'success',
        data: { service: await app.services.update(request.user, request.params.id, form) },
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/services/:id',
    { schema: deleteServiceSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      await app.services.remove(request.user, request.params.id);
      return reply.code(204).send();
    },
  );
}
