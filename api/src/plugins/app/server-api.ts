/**
 * The API's public catalog reads for the server renderer, in-process (docs/product.md §23.3),
 * through the same door as the `/api/v1` routes: each read takes the route's params and query
 * as its handler would (`routeInput`: the same cleaning and the same schema validation by the
 * app's Ajv, so a bad query is the same 400), calls the same service (so the response cache
 * serves these loads too), and passes the answer through the route's own answer schema (the
 * table of endpoints', docs/decisions/0038), so the HTML carries exactly the fields the browser
 * would have fetched — never an internal one. The shape is the `ServerApi` interface of
 * `shared/src/server-page.ts` (the host's server build calls it).
 */
import { type AnswerOf, type EndpointKey, endpoints } from '@campus/shared/contract';
import type { ServerApi } from '@campus/shared/server-page';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routeInput } from '../../common/route.ts';
import { HttpError } from '../../errors.ts';
import { universitiesByCountry } from '../../universities/universities.ts';

type Json = Record<string, unknown>;

/** The `data` of endpoint `K`'s answer. */
type DataOf<K extends EndpointKey> = AnswerOf<K> extends { data: infer D } ? D : never;

/** Runs `load`; an HttpError 4xx (unknown or malformed id) becomes null. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) return null;
    throw error;
  }
}

/** What the in-process API noticed while one page loaded its data. */
export interface ServerApiState {
  /**
   * True when the page's item (a product, service, shop, seller or event) could not be read for
   * a reason other than an unknown id (the database down): the page must not pass for a real one
   * (docs/decisions/0030).
   */
  itemUnavailable: boolean;
}

/**
 * Builds the in-process API for one page request. `reply` is the page's reply: its serializer
 * compiler turns each answer into the JSON the route would send. `state` tells the renderer what
 * went wrong meanwhile.
 */
export function serverApi(app: FastifyInstance, reply: FastifyReply): ServerApi & { state: ServerApiState } {
  const state: ServerApiState = { itemUnavailable: false };
  /** `orNull` for the page's own item: a server error marks the item unavailable, then rethrows. */
  const item = async <T>(load: () => Promise<T>): Promise<T | null> => {
    try {
      return await orNull(load);
    } catch (error) {
      state.itemUnavailable = true;
      throw error;
    }
  };
  /**
   * `{status:'success', data}` through the answer schema of endpoint `key` (the route's
   * serializer); returns the filtered `data`, the route's JSON.
   */
  const asRouteAnswer = <K extends EndpointKey>(key: K, data: unknown): DataOf<K> => {
    const json = reply.serializeInput({ status: 'success', data }, endpoints[key].answer as Json);
    return (JSON.parse(json) as { data: DataOf<K> }).data;
  };
  const { request } = reply;
  /** The `:id` of an item route as the route sees it (an invalid one is a 400: the item is null). */
  const idOf = (key: EndpointKey, id: string) =>
    (routeInput(request, key, 'params', { id }) as { id: string }).id;
  return {
    state,
    /** GET /products (docs/product.md §7): the list of the query. @throws HttpError 400 as the route */
    async listProducts(query: object) {
      const valid = routeInput(request, 'GET /products', 'query', query);
      return asRouteAnswer('GET /products', await app.products.list(valid));
    },
    /** GET /products/:id (counts a view, as the page's own request would), or null. */
    async getProduct(id: string) {
      const visit = await app.engagement.identify(request, reply);
      const product = await item(() => app.products.getAndCountView(idOf('GET /products/:id', id), visit));
      return product ? asRouteAnswer('GET /products/:id', { product }).product : null;
    },
    /** GET /services (docs/product.md §7): the list of the query. @throws HttpError 400 as the route */
    async listServices(query: object) {
      const valid = routeInput(request, 'GET /services', 'query', query);
      return asRouteAnswer('GET /services', await app.services.list(valid));
    },
    /** GET /services/:id (counts a view), or null. */
    async getService(id: string) {
      const visit = await app.engagement.identify(request, reply);
      const service = await item(() => app.services.getAndCountView(idOf('GET /services/:id', id), visit));
      return service ? asRouteAnswer('GET /services/:id', { service }).service : null;
    },
    /** GET /shops/:id, or null. */
    async getShop(id: string) {
      const shop = await item(() => app.shops.get(idOf('GET /shops/:id', id)));
      return shop ? asRouteAnswer('GET /shops/:id', shop) : null;
    },
    /** GET /shops/:id/products ([] for an unknown shop). */
    async listShopProducts(id: string) {
      const products =
        (await orNull(() => app.shops.listProducts(idOf('GET /shops/:id/products', id)))) ?? [];
      return asRouteAnswer('GET /shops/:id/products', { products }).products;
    },
    /** GET /sellers/:id (docs/product.md §20.8): the seller with their listed products and services, or null. */
    async getSeller(id: string) {
      const page = await item(() => app.sellers.get(idOf('GET /sellers/:id', id)));
      return page ? asRouteAnswer('GET /sellers/:id', page) : null;
    },
    /** GET /events (docs/product.md §20.9): upcoming events of the query (page, limit, university). */
    async listEvents(query: object) {
      const valid = routeInput(request, 'GET /events', 'query', query);
      return asRouteAnswer('GET /events', await app.events.list(valid));
    },
    /** GET /events/:id (docs/product.md §20.9), or null. */
    async getEvent(id: string) {
      const event = await item(() => app.events.get(idOf('GET /events/:id', id)));
      return event ? asRouteAnswer('GET /events/:id', { event }).event : null;
    },
    /** GET /universities?country= (docs/product.md §3): the signup picker's list. @throws HttpError 400 as the route */
    async listUniversities(country: string) {
      const valid = routeInput(request, 'GET /universities', 'query', { country }) as { country: string };
      return asRouteAnswer('GET /universities', { universities: universitiesByCountry(valid.country) })
        .universities;
    },
    async counts() {
      const [users, products, services] = await Promise.all([
        app.users.count(),
        app.products.countListed(),
        app.services.countListed(),
      ]);
      return { users, products, services };
    },
  };
}
