/**
 * Services routes under /api/v1 (spec 7): `GET /services`, `GET /services/get-services-count`,
 * `GET /services/:id`.
 */
import type { FastifyInstance } from 'fastify';
import { cleanListQuery } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import { getServiceSchema, listServicesSchema, servicesCountSchema } from './schemas.ts';

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
}
