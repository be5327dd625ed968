/**
 * Host entry. Order matters (docs/stack-notes.md "Runtime remotes"): register the remotes first,
 * THEN create the router, so a deep link's remote route finds its remote.
 *
 * A page rendered on the server (issue 16; `#root[data-server-rendered]`) carries `/remotes.json`
 * and its route data inline: no request for either; emotion's styles of the HTML move to `<head>`
 * and React hydrates the HTML (`hydrateRoot`) instead of rendering from scratch. The route data
 * serves the first location only: the first navigation empties it, so later pages fetch fresh data.
 */

import { type PreloadedData, preloadApiClient, setApiNavigator } from '@campus/shared';
import { createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';
import {
  installRetryScripts,
  type RemotesJson,
  registerRemotesConfig,
  registerRemotesFromConfig,
} from './remotes/remote-registry';
import { routes } from './routes';
import { registerServiceWorker } from './service-worker/register';

/** Parses the JSON of an inline `<script type="application/json">`, or null. */
function inlineJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    console.error(`Inline ${id} is not valid JSON`, error);
    return null;
  }
}

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const serverRendered = container.hasAttribute('data-server-rendered');
  // A client-rendered page fetches its data at once: download axios beside the page's code
  // (a server-rendered one got its data with the HTML and loads axios on the first call).
  if (!serverRendered) preloadApiClient();
  installRetryScripts();
  const inlineRemotes = inlineJson<RemotesJson>('remotes-config');
  if (inlineRemotes) registerRemotesConfig(inlineRemotes);
  else await registerRemotesFromConfig();

  const router = createBrowserRouter(routes);
  setApiNavigator((to) => {
    void router.navigate(to);
  });
  const data: PreloadedData = (serverRendered && inlineJson<PreloadedData>('route-data')) || {};
  const stopWatching = router.subscribe((state) => {
    if (state.location.key === 'default') return;
    for (const key of Object.keys(data)) delete data[key];
    stopWatching();
  });
  const app = createElement(App, { data }, createElement(RouterProvider, { router }));
  if (!serverRendered) {
    createRoot(container).render(app);
    return;
  }
  // emotion's server styles sit next to their elements; hydration expects them in <head>.
  for (const style of container.querySelectorAll('style[data-emotion]')) document.head.appendChild(style);
  hydrateRoot(container, app, {
    onRecoverableError: (error, info) => console.error('Hydration error', error, info.componentStack),
  });
}

void main();
registerServiceWorker();
