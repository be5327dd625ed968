/**
 * The types of the page server (docs/product.md §23.3; ADR 0009, ADR 0029), shared by the host's
 * server build (`host/src/server/render.tsx`), the remotes' page loaders and the API that loads
 * the build and serves its pages (`api/src/plugins/app/server-rendering.ts`, `server-api.ts`):
 * the in-process API a loader reads through, a page's head, and what `renderPage` takes and
 * gives. Types only, React-free (the API imports them as `@campus/shared/server-page`).
 */
import type { AnswerOf } from './contract';
import type {
  CampusEvent,
  ListQuery,
  Product,
  ProductListResponse,
  SellerPage,
  Service,
  ServiceListResponse,
  Shop,
  ShopProduct,
  University,
} from './types';

/** Route data by key (see `preloadKey`); values are the shapes the page hooks keep in state. */
export type PreloadedData = Record<string, unknown>;

/**
 * The API's public catalog reads, called in-process by the server (no HTTP request; the API's
 * response cache serves them). Each returns the `data` of the matching `/api/v1` answer in its
 * JSON shape, or null where the HTTP API answers 404.
 */
export interface ServerApi {
  listProducts(query: ListQuery): Promise<ProductListResponse['data']>;
  /** GET /products/:id (counts a view, as the page's own request would). */
  getProduct(id: string): Promise<Product | null>;
  listServices(query: ListQuery): Promise<ServiceListResponse['data']>;
  getService(id: string): Promise<Service | null>;
  getShop(id: string): Promise<Shop | null>;
  listShopProducts(id: string): Promise<ShopProduct[]>;
  /** The home page's three counts (docs/product.md §3 "Stats"). */
  counts(): Promise<{ users: number; products: number; services: number }>;
  /**
   * GET /sellers/:id (docs/product.md §20.8): `{seller, products, services}`, or null (unknown seller).
   * Optional: a server without it leaves the seller page to the browser.
   */
  getSeller?(id: string): Promise<SellerPage | null>;
  /** GET /events (docs/product.md §20.9): upcoming events, soonest first, optionally of one university. */
  listEvents?(query: EventsQuery): Promise<EventListData>;
  /** GET /events/:id (docs/product.md §20.9), or null. */
  getEvent?(id: string): Promise<CampusEvent | null>;
  /**
   * GET /universities?country= (docs/product.md §3 "University reference entry"): the signup
   * picker's list, `{name, url}` sorted. Optional: without it the browser fetches the list.
   */
  listUniversities?(country: string): Promise<University[]>;
}

/** The query of `GET /events` (docs/product.md §20.9): page, limit and an optional university (full name). */
export interface EventsQuery {
  page: number;
  limit: number;
  university?: string;
}

/** The `data` of a `GET /events` answer (the contract's). */
export type EventListData = AnswerOf<'GET /events'>['data'];

/** Head of a server-rendered page (title without the ' | Campus Soko' suffix). */
export interface PageHead {
  title: string;
  description?: string;
  /** Path or absolute URL of the share image (the 1200 px cover); made absolute with PUBLIC_URL. */
  image?: string | null;
  /** og:type; default 'website'. */
  type?: 'website' | 'product' | 'profile';
}

/** Minimal logger of the server renderer (pino's shape). */
export interface RenderLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Where a remote's server code of one version is loaded from (ADR 0029). */
export interface ServerRemoteVersion {
  /** URL of the remote's Node `remoteEntry.js`. */
  entry: string;
  /** The version's id (release version or the checkout build's). */
  version: string;
}

/** What `renderPage` of the host's server build takes. */
export interface RenderOptions {
  /** Absolute URL of the request (path and query are routed). */
  url: string;
  api: ServerApi;
  log: RenderLogger;
  /** ms a remote's server code may take to load (default 2000). */
  remoteTimeoutMs?: number;
  /** ms the route data may take (default 3000); slower data is left to the browser. */
  dataTimeoutMs?: number;
  /** ms the whole render may take before unfinished parts are left to the browser (default 5000). */
  renderTimeoutMs?: number;
  /**
   * The request's `Save-Data` and `Cookie` headers: with `Save-Data: on` or the data saver cookie
   * the cards render without photos (docs/product.md §23.8; `saveDataRequested` in @campus/shared).
   */
  headers?: { 'save-data'?: string | string[]; cookie?: string | string[] };
  /**
   * The version of each remote's server code to render with (the API resolves it per request:
   * current release, the visitor's canary, or the checkout's build); a remote missing here uses
   * the entry given to `configureRemotes`. ADR 0029.
   */
  remotes?: Record<string, ServerRemoteVersion>;
}

/** What `renderPage` resolves to; `Destination` is the stream `pipe` writes to (Node's `Writable`). */
export interface RenderedPage<Destination = unknown> {
  /** 200, or 404 for the not-found route and for unknown items. */
  status: number;
  /** Title and description from the page's `usePageMeta`, share image and type from its loader. */
  head: PageHead;
  /** Route data to hand to the browser (JSON). */
  data: PreloadedData;
  /** Exposed modules the page uses (their chunks are worth a modulepreload). */
  remoteModules: string[];
  /** Exposed modules whose server code failed (their part is rendered by the browser). */
  failedRemoteModules: string[];
  /**
   * Messages of errors thrown while rendering (a part then left to the browser): a remote page
   * that throws on the server. Empty when everything rendered.
   */
  renderErrors: string[];
  /** True when the page was rendered for the data saver: mark `<html data-save-data="on">`. */
  saveData: boolean;
  /** Writes the rendered HTML (the inside of `#root`) to `destination` and ends it. */
  pipe(destination: Destination): void;
  /**
   * The `<style data-emotion="css …">` tags of the styles `html` (what `pipe` wrote) uses, global
   * styles first, for the document's `<head>`; emotion in the browser finds them there and does
   * not insert those styles again.
   */
  styleTags(html: string): string;
}

/** The host's server build (host/src/server/render.tsx) as the API loads it. */
export interface HostRenderer<Destination = unknown> {
  /** The remotes' default Node entries (by remote name). */
  configureRemotes(remotes: { name: string; entry: string }[]): void;
  renderPage(options: RenderOptions): Promise<RenderedPage<Destination>>;
  /** The route table's server-rendered paths and the remote modules each loads. */
  serverRoutes?(): { path: string; remotes: string[] }[];
}
