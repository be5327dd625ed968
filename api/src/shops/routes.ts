/**
 * Shops routes under /api/v1 (docs/product.md §7, §15): `GET /shops/:id`, `GET /shops/:id/products`,
 * and my shop: `GET /shops/mine`, `POST /shops`, `PATCH /shops/:id`, `DELETE /shops/:id`.
 * Registered from the table of endpoints (docs/decisions/0038).
 */
import { shopForm } from '@campus/shared/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
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
  fields: shopForm.fields,
  files: { coverImage: { max: 1, tooMany: 'Send one cover image' } },
} as const;

export default async function shopsRoutes(app: FastifyInstance) {
  route(app, 'GET /shops/:id', { schema: getShopSchema, config: { publicCache: true } })(async (request) => ({
    status: 'success',
    data: await app.shops.get(request.params.id),
  }));

  route(app, 'GET /shops/:id/products', { schema: getShopProductsSchema, config: { publicCache: true } })(
    async (request) => ({
      status: 'success',
      data: { products: await app.shops.listProducts(request.params.id) },
    }),
  );

  // Selling (docs/product.md §15): my shop; verified users; writes by the owner (delete: owner or admin).
  route(app, 'GET /shops/mine', { schema: myShopSchema, onRequest: sellerOnly(app) })(async (request) => ({
    status: 'success',
    data: { shop: await app.shops.mine(request.user.id) },
  }));

  route(app, 'POST /shops', {
    schema: createShopSchema,
    onRequest: sellerOnly(app),
    config: writeLimit(app),
  })(async (request) => ({
    status: 'success',
    data: { shop: await app.shops.create(request.user, await readForm(request, SHOP_FORM)) },
  }));

  route(app, 'PATCH /shops/:id', {
    schema: updateShopSchema,
    onRequest: sellerOnly(app),
    config: writeLimit(app),
  })(async (request) => {
    const form = await readForm(request, SHOP_FORM);
    return {
      status: 'success',
      data: { shop: await app.shops.update(request.user, request.params.id, form) },
    };
  });

  route(app, 'DELETE /shops/:id', {
    schema: deleteShopSchema,
    onRequest: sellerOnly(app),
    config: writeLimit(app),
  })(async (request) => {
    await app.shops.remove(request.user, request.params.id);
    return undefined;
  });
}
