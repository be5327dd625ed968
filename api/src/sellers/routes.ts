/**
 * Sellers routes under /api/v1 (docs/product.md §20.8): `GET /sellers/:id` (public, cacheable),
 * registered from the table of endpoints (docs/decisions/0038).
 */
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
import { getSellerSchema } from './schemas.ts';

export default async function sellersRoutes(app: FastifyInstance) {
  route(app, 'GET /sellers/:id', { schema: getSellerSchema, config: { publicCache: true } })(
    async (request) => ({ status: 'success', data: await app.sellers.get(request.params.id) }),
  );
}
