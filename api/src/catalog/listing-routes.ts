/**
 * The handlers of a listing kind's seven routes (docs/product.md §7, §15), the same for products
 * and services: the list, the count, one listing (counting a view), the owner's own listings,
 * create (multipart), edit (multipart or JSON) and delete, each over the kind's service
 * (`app.products`, `app.services`). Each kind's routes file registers them under its literal
 * keys (`route(app, 'GET /products', …)(handlers.list)`, docs/decisions/0038), each typed by its
 * own entry of the table; the hooks, docs and limits are the routes files'.
 */
import type { EndpointKey } from '@campus/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointHandler } from '../common/route.ts';
import { type FormSpec, readForm } from '../selling/form.ts';
import type { ListingKind } from './kinds.ts';

/** A kind's list path and its table name, `/products` → `products`. */
type ListPath = ListingKind['path'];
type Many<P extends ListPath> = P extends `/${infer M}` ? M : never;

/** The handlers of the routes of the kind whose list path is `P`, each typed by its endpoint. */
export interface ListingRouteHandlers<P extends ListPath> {
  list: EndpointHandler<`GET ${P}`>;
  count: EndpointHandler<Extract<EndpointKey, `GET ${P}/get-${Many<P>}-count`>>;
  get: EndpointHandler<`GET ${P}/:id`>;
  mine: EndpointHandler<`GET ${P}/mine`>;
  create: EndpointHandler<`POST ${P}`>;
  update: EndpointHandler<`PATCH ${P}/:id`>;
  remove: EndpointHandler<`DELETE ${P}/:id`>;
}

/**
 * The handlers of `kind`'s routes over `app[kind.many]`; `form`: the fields of its create and
 * edit forms. Thin: validation is in the schemas and the service, logic in the service. The
 * answers are `{status: 'success', data: {<one>: …}}` (the list's `data` is the service's list
 * answer, the count's `results`); delete answers 204.
 */
export function listingRouteHandlers<const K extends ListingKind>(
  app: FastifyInstance,
  kind: K,
  form: FormSpec,
): ListingRouteHandlers<K['path']> {
  const service = app[kind.many];
  // One body serves both kinds: `service` is the union of their services, so each handler is
  // typed as the kind's own by the interface above (the answers' keys are the kind's names).
  const handlers: Record<
    keyof ListingRouteHandlers<ListPath>,
    (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  > = {
    list: async (request) => ({ status: 'success', data: await service.list(request.query as never) }),
    count: async () => ({ status: 'success', results: await service.countListed() }),
    get: async (request, reply) => {
      const { id } = request.params as { id: string };
      const listing = await service.getAndCountView(id, await app.engagement.identify(request, reply));
      return { status: 'success', data: { [kind.one]: listing } };
    },
    mine: async (request) => ({
      status: 'success',
      data: { [kind.many]: await service.mine(request.user.id) },
    }),
    create: async (request) => {
      const fields = await readForm(request, form, { requireMultipart: true });
      return { status: 'success', data: { [kind.one]: await service.create(request.user, fields) } };
    },
    update: async (request) => {
      const { id } = request.params as { id: string };
      const fields = await readForm(request, form);
      return { status: 'success', data: { [kind.one]: await service.update(request.user, id, fields) } };
    },
    remove: async (request) => {
      await service.remove(request.user, (request.params as { id: string }).id);
      return undefined;
    },
  };
  return handlers as unknown as ListingRouteHandlers<K['path']>;
}
