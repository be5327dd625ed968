/**
 * Services routes under /api/v1 (docs/product.md §7, §15), registered from the table of endpoints
 * (docs/decisions/0038) over `app.services`: `GET /services`, `GET /services/get-services-count`,
 * `GET /services/:id` (public, cacheable), and for verified providers `GET /services/mine`,
 * `POST /services` (multipart), `PATCH /services/:id` (multipart or JSON), `DELETE /services/:id`
 * (the provider or an admin). The handlers are the listing kinds' (`catalog/listing-routes.ts`);
 * the keys, docs and hooks are here.
 */
import { serviceForm } from '@campus/shared/contract';
import type { FastifyInstance } from 'fastify';
import { SERVICE_KIND } from '../catalog/kinds.ts';
import { listingRouteHandlers } from '../catalog/listing-routes.ts';
import { cleanListQuery } from '../common/http.ts';
import { route } from '../common/route.ts';
import { sellerOnly, writeLimit } from '../selling/hooks.ts';
import { LISTING_FILES } from '../selling/listing.ts';
import {
  createServiceSchema,
  deleteServiceSchema,
  getServiceSchema,
  listServicesSchema,
  myServicesSchema,
  servicesCountSchema,
  updateServiceSchema,
} from './schemas.ts';

/** Fields of the service form (docs/product.md §7 POST /services; clearPhotos on edit). */
const SERVICE_FORM = { fields: serviceForm.fields, files: LISTING_FILES } as const;

export default async function servicesRoutes(app: FastifyInstance) {
  const handle = listingRouteHandlers(app, SERVICE_KIND, SERVICE_FORM);
  const publicRead = { config: { publicCache: true } };

  route(app, 'GET /services', { schema: listServicesSchema, preValidation: cleanListQuery, ...publicRead })(
    handle.list,
  );
  route(app, 'GET /services/get-services-count', { schema: servicesCountSchema, ...publicRead })(
    handle.count,
  );
  route(app, 'GET /services/:id', { schema: getServiceSchema, ...publicRead })(handle.get);

  // Selling (docs/product.md §15): verified users only; writes by the owner (delete: owner or admin).
  const write = () => ({ onRequest: sellerOnly(app), config: writeLimit(app) });
  route(app, 'GET /services/mine', { schema: myServicesSchema, onRequest: sellerOnly(app) })(handle.mine);
  route(app, 'POST /services', { schema: createServiceSchema, ...write() })(handle.create);
  route(app, 'PATCH /services/:id', { schema: updateServiceSchema, ...write() })(handle.update);
  route(app, 'DELETE /services/:id', { schema: deleteServiceSchema, ...write() })(handle.remove);
}
