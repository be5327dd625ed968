/**
 * Page title and meta description (docs/product.md §2: "Page titles and meta tags are set for the products
 * and services pages"; every page of ours sets them). On the server (docs/product.md §23.1 and §23.6) the
 * same call records them into the request's {@link PageMetaCollector}, so the server-rendered
 * `<head>` carries them before any script runs.
 */
import { createContext, createElement, type ReactNode, useContext, useEffect } from 'react';
import { PRODUCT_NAME } from './constants';

/** The full document title of a page: '<title> | Campus Soko' (or the product name alone). */
export function documentTitle(title: string): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Per-request record of the last page meta rendered on the server. */
export interface PageMetaCollector {
  title?: string;
  description?: string;
}

const PageMetaCollectorContext = createContext<PageMetaCollector | null>(null);

/** Server only: collects the page meta of the tree below into `collector`. */
export function PageMetaCollectorProvider({
  collector,
  children,
}: {
  collector: PageMetaCollector;
  children: ReactNode;
}) {
  return createElement(PageMetaCollectorContext.Provider, { value: collector }, children);
}

/** Sets `document.title` to '<title> | Campus Soko' and the meta description while mounted. */
export function usePageMeta(title: string, description?: string): void {
  const collector = useContext(PageMetaCollectorContext);
  if (collector) {
    collector.title = title;
    if (description) collector.description = description;
  }
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
