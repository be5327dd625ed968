/**
 * The API's public catalog reads for the server renderer, in-process (docs/product.md §23.3): the same
 * services the `/api/v1` routes call (so the response cache serves these loads too), each answer
 * passed through the route's own 200 response schema, so the HTML carries exactly the fields the
 * browser would have fetched — never an internal one. The shape is the `ServerApi` interface of
 * `shared/src/server-rendering.ts` (the host's server build calls it).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ListQuery } from '../../common/schemas.ts';
import { HttpError } from '../../errors.ts';
import { getEventSchema, listEventsSchema } from '../../events/schemas.ts';
import { getProductSchema, listProductsSchema } from '../../products/schemas.ts';
import { getSellerSchema } from '../../sellers/schemas.ts';
import { getServiceSchema, listServicesSchema } from '../../services/schemas.ts';
import { getShopProductsSchema, getShopSchema } from '../../shops/schemas.ts';

type Json = Record<string, unknown>;

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
export function serverApi(app: FastifyInstance, reply: FastifyReply) {
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
  /** `{status:'success', data}` through the route's 200 schema; returns the filtered `data`. */
  const asRouteAnswer = (schema: { response: object }, data: unknown): Json => {
    const json = reply.serializeInput(
      { status: 'success', data },
      (schema.response as Record<number, Json>)[200] as Json,
    );
    return (JSON.parse(json) as { data: Json }).data;
  };
  return {
    state,
    async listProducts(query: ListQuery) {
      return asRouteAnswer(listProductsSchema, await app.products.list(query));
    },
    async getProduct(id: string) {
      const visit = await app.engagement.identify(reply.request, reply);
      const product = await item(() => app.products.getAndCountView(id, visit));
      return product ? asRouteAnswer(getProductSchema, { product }).product : null;
    },
    async listServices(query: ListQuery) {
      return asRouteAnswer(listServicesSchema, await app.services.list(query));
    },
    async getService(id: string) {
      const visit = await app.engagement.identify(reply.request, reply);
      const service = await item(() => app.services.getAndCountView(id, visit));
      return service ? asRouteAnswer(getServiceSchema, { service }).service : null;
    },
    async getShop(id: string) {
      const shop = await item(() => app.shops.get(id));
      return shop ? asRouteAnswer(getShopSchema, shop) : null;
    },
    async listShopProducts(id: string) {
      const products = (await orNull(() => app.shops.listProducts(id))) ?? [];
      return asRouteAnswer(getShopProductsSchema, { products }).products;
    },
    /** GET /sellers/:id (docs/product.md §20.8): the seller with their listed products and services, or null. */
    async getSeller(id: string) {
      const page = await item(() => app.sellers.get(id));
      return page ? asRouteAnswer(getSellerSchema, page) : null;
    },
    /** GET /events (docs/product.md §20.9): upcoming events of the query (page, limit, university). */
    async listEvents(query: { page: number; limit: number; university?: string }) {
      return asRouteAnswer(listEventsSchema, await app.events.list(query));
    },
    /** GET /events/:id (docs/product.md §20.9), or null. */
    async getEvent(id: string) {
      const event = await item(() => app.events.get(id));
      return event ? asRouteAnswer(getEventSchema, { event }).event : null;
    },
    async counts() {
      const [users, products, services] = await Promise.all([
        app.users.count(),
        app.products.countAvailable(),
        app.services.countAll(),
      ]);
      return { users, products, services };
    },
  };
}
