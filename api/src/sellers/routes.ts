/**
 * Sellers routes under /api/v1 (docs/product.md §20.8): `GET /sellers/:id` (public, cacheable).
 */
import type { FastifyInstance } from 'fastify';
import { getSellerSchema } from './schemas.ts';

export default async function sellersRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(
    '/sellers/:id',
    { schema: getSellerSchema, config: { publicCache: true } },
    async (request) => ({ status: 'success', data: await app.sellers.get(request.params.id) }),
  );
}
