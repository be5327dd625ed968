/**
 * Shops routes under /api/v1 (docs/product.md §7): `GET /shops/:id`, `GET /shops/:id/products`.
 */
import type { FastifyInstance } from 'fastify';
import { readForm } from '../selling/form.ts';
import { sellerOnly, writeLimit } from '../selling/hooks.ts';
import {
  createShopSchema,
  deleteShopSchema,
  getShopProductsSchema,
  getShopSchema,
  myShopSchema,
  updateShopSchema,
} from './schemas.ts';

/** Fields of the shop form (docs/product.md §15). */
const SHOP_FORM = {
  fields: ['name', 'description', 'address', 'phone'],
  files: { coverImage: { max: 1, tooMany: 'Send one cover image' } },
} as const;

export default async function shopsRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(
    '/shops/:id',
    { schema: getShopSchema, config: { publicCache: true } },
    async (request) => ({ status: 'success', data: await app.shops.get(request.params.id) }),
  );

  app.get<{ Params: { id: string } }>(
    '/shops/:id/products',
    { schema: getShopProductsSchema, config: { publicCache: true } },
    async (request) => ({
      status: 'success',
      data: { products: await app.shops.listProducts(request.params.id) },
    }),
  );

  // Selling (docs/product.md §15): my shop; verified users; writes by the owner (delete: owner or admin).
  app.get('/shops/mine', { schema: myShopSchema, onRequest: sellerOnly(app) }, async (request) => ({
    status: 'success',
    data: { shop: await app.shops.mine(request.user.id) },
  }));

  app.post(
    '/shops',
    { schema: createShopSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      const shop = await app.shops.create(request.user, await readForm(request, SHOP_FORM));
      return reply.code(201).send({ status: 'success', data: { shop } });
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/shops/:id',
    { schema: updateShopSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request) => {
      const form = await readForm(request, SHOP_FORM);
      return {
        status: 'success',
        data: { shop: await app.shops.update(request.user, request.params.id, form) },
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/shops/:id',
    { schema: deleteShopSchema, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      await app.shops.remove(request.user, request.params.id);
      return reply.code(204).send();
    },
  );
}
