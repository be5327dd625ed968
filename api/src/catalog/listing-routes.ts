/**
 * The routes of a listing resource under /api/v1 (docs/product.md §7, §15), for `products/routes.ts` and
 * `services/routes.ts`: `GET /<resource>`, `GET /<resource>/get-<resource>-count`,
 * `GET /<resource>/:id` (public, cacheable), and for verified users `GET /<resource>/mine`,
 * `POST /<resource>` (multipart), `PATCH /<resource>/:id` (multipart or JSON), `DELETE
 * /<resource>/:id`. Handlers stay thin: validation is in the schemas, logic in the service.
 */
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session-user.ts';
import { cleanListQuery } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import type { Visit } from '../engagement/visitor.ts';
import { type FormSpec, type ReadForm, readForm } from '../selling/form.ts';
import { sellerOnly, writeLimit } from '../selling/hooks.ts';

/** The use cases the routes call (`listingService` under the resource's names). */
export interface ListingRoutesService {
  list(query: ListQuery): Promise<unknown>;
  getAndCountView(id: string, visit?: Visit): Promise<unknown>;
  findPublic(id: string): Promise<unknown>;
  mine(userId: string): Promise<unknown[]>;
  create(user: SessionUser, form: ReadForm): Promise<unknown>;
  update(user: SessionUser, id: string, form: ReadForm): Promise<unknown>;
  remove(user: SessionUser, id: string): Promise<void>;
}

/** The route schemas of a listing resource (`catalog/schemas.ts` `listingSchemas`). */
export interface ListingRouteSchemas {
  list: object;
  get: object;
  count: object;
  mine: object;
  create: object;
  update: object;
  remove: object;
}

/** What a listing resource registers. */
export interface ListingRoutesSpec {
  /** Path and the key of the `mine` answer: 'products'. */
  resource: string;
  /** The key of a one-listing answer: 'product'. */
  one: string;
  service: ListingRoutesService;
  /** The number of public listings (`GET /<resource>/get-<resource>-count`). */
  count(): Promise<number>;
  schemas: ListingRouteSchemas;
  /** Fields and files of the create/edit form. */
  form: FormSpec;
}

/** Registers the listing routes of `spec.resource` on `app`. */
export function listingRoutes(app: FastifyInstance, spec: ListingRoutesSpec): void {
  const { resource, one, service, schemas, form } = spec;
  const base = `/${resource}`;

  app.get<{ Querystring: ListQuery }>(
    base,
    { schema: schemas.list, preValidation: cleanListQuery, config: { publicCache: true } },
    async (request) => ({ status: 'success', data: await service.list(request.query) }),
  );

  app.get(
    `${base}/get-${resource}-count`,
    { schema: schemas.count, config: { publicCache: true } },
    async () => ({ status: 'success', results: await spec.count() }),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id`,
    { schema: schemas.get, config: { publicCache: true } },
    async (request, reply) => ({
      status: 'success',
      data: {
        [one]: await service.getAndCountView(
          request.params.id,
          await app.engagement.identify(request, reply),
        ),
      },
    }),
  );

  // Selling (docs/product.md §15): verified users only; writes by the owner (delete: owner or admin).
  app.get(`${base}/mine`, { schema: schemas.mine, onRequest: sellerOnly(app) }, async (request) => ({
    status: 'success',
    data: { [resource]: await service.mine(request.user.id) },
  }));

  app.post(
    base,
    { schema: schemas.create, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      const read = await readForm(request, form, { requireMultipart: true });
      const created = await service.create(request.user, read);
      return reply.code(201).send({ status: 'success', data: { [one]: created } });
    },
  );

  app.patch<{ Params: { id: string } }>(
    `${base}/:id`,
    { schema: schemas.update, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request) => {
      const read = await readForm(request, form);
      return {
        status: 'success',
        data: { [one]: await service.update(request.user, request.params.id, read) },
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${base}/:id`,
    { schema: schemas.remove, onRequest: sellerOnly(app), config: writeLimit(app) },
    async (request, reply) => {
      await service.remove(request.user, request.params.id);
      return reply.code(204).send();
    },
  );
}
