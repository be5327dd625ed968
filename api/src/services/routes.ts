/**
 * Services routes under /api/v1 (docs/product.md §7): the listing routes (`catalog/listing-routes.ts`) over
 * `app.services`: `GET /services`, `GET /services/get-services-count`, `GET /services/:id`, and
 * for verified providers `GET /services/mine`, `POST /services`, `PATCH /services/:id`,
 * `DELETE /services/:id`.
 */
import type { FastifyInstance } from 'fastify';
import { listingRoutes } from '../catalog/listing-routes.ts';
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
const SERVICE_FORM = {
  fields: ['name', 'description', 'price', 'category', 'clearPhotos'],
  files: LISTING_FILES,
} as const;

export default async function servicesRoutes(app: FastifyInstance) {
  listingRoutes(app, {
    resource: 'services',
    one: 'service',
    service: app.services,
    count: () => app.services.countAll(),
    form: SERVICE_FORM,
    schemas: {
      list: listServicesSchema,
      count: servicesCountSchema,
      get: getServiceSchema,
      mine: myServicesSchema,
      create: createServiceSchema,
      update: updateServiceSchema,
      remove: deleteServiceSchema,
    },
  });
}
