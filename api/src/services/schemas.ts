/**
 * Route-level docs of the services routes (docs/product.md §3 "Service", §7, §15): the listing
 * route docs (`catalog/schemas.ts`); params, query, bodies and answers are the table of
 * endpoints' (`@campus/shared/contract`, docs/decisions/0038).
 */
import { serviceJsonEditSchema } from '@campus/shared/contract';
import { SERVICE_KIND } from '../catalog/kinds.ts';
import { listingSchemas } from '../catalog/schemas.ts';
import { LIMITS_DESCRIPTION } from '../selling/validation.ts';

const services = listingSchemas({
  kind: SERVICE_KIND,
  jsonEdit: serviceJsonEditSchema,
  text: {
    list: 'Services, newest first (or by relevance when searching)',
    get: 'One service; counts a view',
    count: 'Number of services',
    mine: 'My services, newest first, at most 500, each with saves',
    create:
      'Offer a service (docs/product.md §7: multipart name, description, price, category, coverImage, photos)',
    createDescription: `Verified users. Limits: ${LIMITS_DESCRIPTION}. 401 without a session, 403 unverified, 400 with per-field messages (the error text is read from message), 413 for a picture over 10 MB.`,
    update: 'Edit my service (provider only)',
  },
});

export const listServicesSchema = services.list;
export const getServiceSchema = services.get;
export const servicesCountSchema = services.count;
/* ---- Selling (docs/product.md §15): my services, create (docs/product.md §7 POST /services), edit, delete ---- */
export const myServicesSchema = services.mine;
export const createServiceSchema = services.create;
export const updateServiceSchema = services.update;
export const deleteServiceSchema = services.remove;
