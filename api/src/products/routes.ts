/**
 * Products routes under /api/v1 (docs/product.md §7, §15): the listing routes (`catalog/listing-routes.ts`)
 * over `app.products`: `GET /products`, `GET /products/get-products-count`, `GET /products/:id`,
 * and for verified sellers `GET /products/mine`, `POST /products`, `PATCH /products/:id` (also
 * marks it available / reserved / sold, docs/product.md §20.5), `DELETE /products/:id`.
 */
import type { FastifyInstance } from 'fastify';
import { listingRoutes } from '../catalog/listing-routes.ts';
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

/** Fields of the product form (docs/product.md §15; condition and negotiable docs/product.md §20.4). */
const PRODUCT_FORM = {
  fields: ['title', 'description', 'price', 'category', 'condition', 'negotiable', 'status', 'clearPhotos'],
  files: LISTING_FILES,
} as const;

export default async function productsRoutes(app: FastifyInstance) {
  listingRoutes(app, {
    resource: 'products',
    one: 'product',
    service: app.products,
    count: () => app.products.countAvailable(),
    form: PRODUCT_FORM,
    schemas: {
      list: listProductsSchema,
      count: productsCountSchema,
      get: getProductSchema,
      mine: myProductsSchema,
      create: createProductSchema,
      update: updateProductSchema,
      remove: deleteProductSchema,
    },
  });
}
