/**
 * Host entry. Order matters (docs/stack-notes.md "Runtime remotes"): register the remotes first,
 * THEN render the router, so a deep link's remote route finds its remote.
 *
 * A page rendered on the server (docs/product.md §23; `#root[data-server-rendered]`) carries `/remotes.json`
 * and its route data inline: no request for either; emotion's styles of the HTML are in `<head>`
 * (emotion's browser cache takes them over) and React hydrates the HTML (`hydrateRoot`) instead of rendering from scratch. The route data
 * serves the first location only: the first navigation empties it, so later pages fetch fresh data.
 *
 * Startup runs in stages, one task each (docs/product.md §23, "no task runs past 50 ms"): the libraries'
 * modules (React, emotion, MUI, @campus/shared with the theme, the host's routes and layout)
 * are evaluated one group per task with `yieldToMain()` between them, instead of one long task
 * that blocks a phone's main thread for ~250 ms; every group is in this same file (`webpackMode:
 * "eager"`: no extra request). Hydration runs inside `startTransition`, so React renders it in
 * slices of ~5 ms and yields to the browser between them (a click during hydration is replayed).
 */

import type { PreloadedData } from '@campus/shared';
import type { RemotesJson } from './remotes/remote-registry';
import { registerServiceWorker } from './service-worker/register';
import { yieldToMain } from './startup/yield-to-main';

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

  await yieldToMain(); // after the federation runtime's start-up
  const { createElement, startTransition } = await import(/* webpackMode: "eager" */ 'react');
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToMain();
  await Promise.all([
    import(/* webpackMode: "eager" */ '@emotion/react'),
    import(/* webpackMode: "eager" */ '@emotion/styled'),
  ]);
  await yieldToMain();
  await import(/* webpackMode: "eager" */ '@mui/material');
  await yieldToMain();
  const { JWT_STORAGE_KEY, preloadApiClient } = await import(/* webpackMode: "eager" */ '@campus/shared');
  // A client-rendered page fetches its data at once: download axios beside the page's code
  // (a server-rendered one got its data with the HTML and loads axios on the first call).
  if (!serverRendered) preloadApiClient();
  const { adminOverrideRequest, installRuntimePlugins, registerRemotesConfig, registerRemotesFromConfig } =
    await import(/* webpackMode: "eager" */ './remotes/remote-registry');
  installRuntimePlugins();
  const inlineRemotes = inlineJson<RemotesJson>('remotes-config');
  // A signed-in admin's developer override asks the server with the session (ADR 0029).
  const override = adminOverrideRequest(
    location.search,
    document.cookie,
    localStorage.getItem(JWT_STORAGE_KEY),
  );
  if (override) await registerRemotesFromConfig(override.url, override.init);
  else if (inlineRemotes) registerRemotesConfig(inlineRemotes);
  else await registerRemotesFromConfig();
  await yieldToMain();
  const [{ BrowserRouter }, { SiteRoutes }, { App }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react-router'),
    import(/* webpackMode: "eager" */ './SiteRoutes'),
    import(/* webpackMode: "eager" */ './App'),
  ]);
  await yieldToMain();

  const data: PreloadedData = (serverRendered && inlineJson<PreloadedData>('route-data')) || {};
  const forgetRouteData = () => {
    for (const key of Object.keys(data)) delete data[key];
  };
  const app = createElement(
    App,
    { data },
    createElement(BrowserRouter, null, createElement(SiteRoutes, { onFirstNavigation: forgetRouteData })),
  );
  if (!serverRendered) {
    createRoot(container).render(app);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error, info) => console.error('Hydration error', error, info.componentStack),
    });
  });
}

void main();
registerServiceWorker();
