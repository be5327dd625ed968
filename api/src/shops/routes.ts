/**
 * Shops routes under /api/v1 (spec 7): `GET /shops/:id`, `GET /shops/:id/products`.
 */
import type { FastifyInstance } from 'fastify';
import { getShopProductsSchema, getShopSchema } from './schemas.ts';

export default async function shopsRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(
    '/shops/:id',
    { schema: getShopSchema, config: { publicCache: true } },
    async (request) => ({ status: 'success', data: await app.shops.get(request.params.id) }),
  );

  app.get<{ Params: { id: string } }>(
    '/shops/:id/products',
    { schema: getShopProductsSchema, config: { publicCache: true } },
    async (request) => ({ status: 'success', data: { products: await app.shops.listProducts(request.params.id) } }),
  );
}
