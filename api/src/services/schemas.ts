/**
 * Request and response schemas of the services routes (docs/product.md §3 "Service", docs/product.md §7): the listing
 * route schemas (`catalog/schemas.ts`) over the contract's service JSON (a name, a provider, no
 * status, no shop).
 */
import { SERVICE_CATEGORIES } from '@campus/shared/constants';
import { myServiceSchema, serviceDetailSchema, serviceListAnswerSchema } from '@campus/shared/contract';
import { listingSchemas } from '../catalog/schemas.ts';
import { LIMITS_DESCRIPTION } from '../selling/validation.ts';

const services = listingSchemas({
  resource: 'services',
  one: 'service',
  titleField: 'name',
  ownerKey: 'provider',
  categories: SERVICE_CATEGORIES,
  listAnswer: serviceListAnswerSchema,
  mine: myServiceSchema,
  detail: serviceDetailSchema,
  editProperties: {},
  text: {
    list: 'Services, newest first (or by relevance when searching)',
    get: 'One service; counts a view',
    count: 'Number of services',
    mine: 'My services, newest first, at most 500, each with saves',
    create: 'Offer a service (spec 7: multipart name, description, price, category, coverImage, photos)',
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
