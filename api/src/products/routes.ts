/**
 * Products routes under /api/v1 (spec 7): `GET /products`, `GET /products/get-products-count`,
 * `GET /products/:id`. Handlers stay thin: validation is in the schemas, logic in the service.
 */
import type { FastifyInstance } from 'fastify';
import { cleanListQuery } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import { getProductSchema, listProductsSchema, productsCountSchema } from './schemas.ts';

export default async function productsRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>(
    '/products',
    { schema: listProductsSchema, preValidation: cleanListQuery, config: { publicCache: true } },
    async (request) => ({ status: 'success', data: await app.products.list(request.query) }),
  );

  app.get(
    '/products/get-products-count',
    { schema: productsCountSchema, config: { publicCache: true } },
    async () => ({ status: 'success', results: await app.products.countAvailable() }),
  );

  app.get<{ Params: { id: string } }>(
    '/products/:id',
    { schema: getProductSchema, config: { publicCache: true } },
    async (request) => ({
      status: 'success',
      data: { product: await app.products.getAndCountView(request.params.id) },
    }),
  );
}
