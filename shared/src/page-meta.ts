/**
 * Page title and meta description (spec 2: "Page titles and meta tags are set for the products
 * and services pages"; every page of ours sets them).
 */
import { useEffect } from 'react';
import { PRODUCT_NAME } from './constants';

/** Sets `document.title` to '<title> | Campus Soko' and the meta description while mounted. */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
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
