/**
 * Products routes under /api/v1 (docs/product.md §7, §15), registered from the table of endpoints
 * (docs/decisions/0038) over `app.products`: `GET /products`, `GET /products/get-products-count`,
 * `GET /products/:id` (public, cacheable), and for verified sellers `GET /products/mine`,
 * `POST /products` (multipart), `PATCH /products/:id` (multipart or JSON; also marks it available /
 * reserved / sold, docs/product.md §20.5), `DELETE /products/:id` (the seller or an admin).
 * The handlers are the listing kinds' (`catalog/listing-routes.ts`); the keys, docs and hooks are here.
 */
import { productForm } from '@campus/shared/contract';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_KIND } from '../catalog/kinds.ts';
import { listingRouteHandlers } from '../catalog/listing-routes.ts';
import { cleanListQuery } from '../common/http.ts';
import { route } from '../common/route.ts';
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

/** Fields of the product form (docs/product.md §15; condition and negotiable §20.4; course codes §31). */
const PRODUCT_FORM = { fields: productForm.fields, files: LISTING_FILES } as const;

export default async function productsRoutes(app: FastifyInstance) {
  const handle = listingRouteHandlers(app, PRODUCT_KIND, PRODUCT_FORM);
  const publicRead = { config: { publicCache: true } };

  route(app, 'GET /products', { schema: listProductsSchema, preValidation: cleanListQuery, ...publicRead })(
    handle.list,
  );
  route(app, 'GET /products/get-products-count', { schema: productsCountSchema, ...publicRead })(
    handle.count,
  );
  route(app, 'GET /products/:id', { schema: getProductSchema, ...publicRead })(handle.get);

  // Selling (docs/product.md §15): verified users only; writes by the owner (delete: owner or admin).
  const write = () => ({ onRequest: sellerOnly(app), config: writeLimit(app) });
  route(app, 'GET /products/mine', { schema: myProductsSchema, onRequest: sellerOnly(app) })(handle.mine);
  route(app, 'POST /products', { schema: createProductSchema, ...write() })(handle.create);
  route(app, 'PATCH /products/:id', { schema: updateProductSchema, ...write() })(handle.update);
  route(app, 'DELETE /products/:id', { schema: deleteProductSchema, ...write() })(handle.remove);
}
