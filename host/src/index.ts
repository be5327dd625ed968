/**
 * Host entry. Order matters (docs/stack-notes.md "Runtime remotes"): read `/remotes.json` and register the
 * remotes first, THEN create the router, so a deep link's remote route finds its remote.
 */

import { setApiNavigator } from '@campus/shared';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './App';
import { registerRemotesFromConfig } from './remotes/remote-registry';
import { routes } from './routes';

async function main(): Promise<void> {
  await registerRemotesFromConfig();
  const router = createBrowserRouter(routes);
  setApiNavigator((to) => {
    void router.navigate(to);
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(createElement(App, { router }));
}

void main();
