/**
 * What the host and the remotes share for server rendering (docs/product.md §23.1 and §23.3; ADR 0009):
 *
 * - {@link useHydrated}: false on the server and while React hydrates server HTML, true after
 *   (and at once in a client-only render). Anything that differs between the server's guest view
 *   and the browser (the session, media queries) waits for it, so hydration matches the HTML.
 * - The preloaded data store: route data the server loaded in-process, rendered into the HTML
 *   and handed to the browser in a JSON script, so hydration does not fetch it again. Keys are
 *   built by {@link preloadKey}; the host provides the store with {@link PreloadedDataProvider}.
 * - The contract of an exposed page's `loadServerData` export ({@link LoadServerData}): what the
 *   host's server gives it (URL, route params, the API's services in-process) and what it returns
 *   (data by key, the head's title/description/share image, not found).
 */
import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { PageHead, PreloadedData, ServerApi } from './server-page';

// The page server's types (React-free, so the API reads them too): see server-page.ts.
export type {
  EventListData,
  EventsQuery,
  HostRenderer,
  PageHead,
  PreloadedData,
  RenderedPage,
  RenderLogger,
  RenderOptions,
  ServerApi,
  ServerRemoteVersion,
} from './server-page';

const subscribeNever = () => () => {};

/**
 * False during server rendering and hydration, true afterwards (React re-renders the component
 * once hydration is done) and at once when the tree is rendered on the client only.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

const PreloadedDataContext = createContext<PreloadedData>({});

/**
 * Provides route data loaded on the server. The host keeps ONE object per page load and empties
 * it after the first client-side navigation, so later visits of a page fetch fresh data.
 */
export function PreloadedDataProvider({ data, children }: { data: PreloadedData; children: ReactNode }) {
  return createElement(PreloadedDataContext.Provider, { value: data }, children);
}

/** The preloaded value for `key`, or undefined. Read it in a state initializer only. */
export function usePreloaded<T>(key: string): T | undefined {
  return useContext(PreloadedDataContext)[key] as T | undefined;
}

/**
 * Key of one piece of route data: `<what>:<JSON of the query or id>` (e.g.
 * `products:{"page":1,"limit":20}`, `product:"6651…"`). The server's loaders and the client's
 * hooks build it with this one function so they always agree.
 */
export function preloadKey(what: string, query: unknown): string {
  return `${what}:${JSON.stringify(query)}`;
}

/** What the server gives a page's loader. */
export interface ServerDataContext {
  /** Route params, e.g. `{ productId }`. */
  params: Record<string, string | undefined>;
  /** The request's query string. */
  searchParams: URLSearchParams;
  api: ServerApi;
}

/** What a page's loader returns. */
export interface ServerData {
  /** Preloaded data by key. */
  data: PreloadedData;
  head?: PageHead;
  /** True when the item does not exist: the server answers 404 with the not-found page. */
  notFound?: boolean;
}

/** The optional `loadServerData` export of an exposed page module (and of host routes). */
export type LoadServerData = (context: ServerDataContext) => Promise<ServerData>;
