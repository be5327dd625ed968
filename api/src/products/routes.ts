/**
 * Products routes under /api/v1 (spec 7): `GET /products`, `GET /products/get-products-count`,
 * `GET /products/:id`. Handlers stay thin: validation is in the schemas, logic in the service.
 */
import type { FastifyInstance } from 'fastify';
import { cleanListQuery } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import { readForm } from '../selling/form.ts';
import { sellerOnly, writeLimit } from '../selling/hooks.ts';
import { LISTING_FILES } from '../selling/listing.ts';
import {
  createProductSchema,
  deleteProductSchema,
  getProductSchema,
  listProductsSchema,
  myProductsSchema,
  productsCountSchema,
  updateProductSchema,
} from './schemas.ts';

/** Fields of the product form (issue 5). */
const PRODUCT_FORM = {
  fields: ['title', 'description', 'price', 'category', 'status', 'clearPhotos'],
  files: LISTING_FILES,
} as const;

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

  // Selling (issue 5): verified users only; writes by the owner (delete: owner or admin).
  app.get('/products/mine', { schema: myProductsSchema, onRequest: sellerOnly(app) }, async (request) => ({
    status: 'success',
    data: { products: await app.products.mine(request.user.id) },
  }));

  app.post(
    '/products',
    { schema: createProductSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      const form = await readForm(request, PRODUCT_FORM, { requireMultipart: true });
      const product = await app.products.create(request.user, form);
      return reply.code(201).send({ status: 'success', data: { product } });
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/products/:id',
    { schema: updateProductSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request) => {
      const form = await readForm(request, PRODUCT_FORM);
      return {
        status: 'success',
        data: { product: await app.products.update(request.user, request.params.id, form) },
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/products/:id',
    { schema: deleteProductSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      await app.products.remove(request.user, request.params.id);
      return reply.code(204).send();
    },
  );
}
