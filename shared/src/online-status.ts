/**
 * Online / offline state of the browser (docs/product.md §23.7: a visible "You are offline" notice).
 * `navigator.onLine` false means surely offline; true may still be a dead network, so list pages
 * also show the notice when a load failed (see mfe-catalog useListFetch).
 */
import { useSyncExternalStore } from 'react';

/** The notice's heading (docs/product.md §23.7). */
export const OFFLINE_MESSAGE = 'You are offline';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** True while the browser reports a network; the server (and hydration) assume online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
