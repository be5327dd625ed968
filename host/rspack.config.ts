/**
 * Host build: the shell (navbar, footer, routing, session) that loads the remotes at run time, and
 * its server renderer (`dist/server/render.js`, docs/product.md §23) beside it. Production browser builds
 * also write the web app manifest, icons and the service worker (docs/product.md §23.7).
 */
import { createFrontendConfig, createServerConfig, HOST_PORT } from '../rspack.base';
import { ServiceWorkerPlugin } from './src/service-worker/build-plugin';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) => {
  const mode = argv.mode ?? 'development';
  const browser = createFrontendConfig({ name: 'host', dir: __dirname, port: HOST_PORT, mode });
  if (mode === 'production') browser.plugins?.push(new ServiceWorkerPlugin(__dirname));
  // The dev server serves the browser build only.
  if (process.env.RSPACK_SERVE === 'true' || process.argv.includes('serve')) return browser;
  return [browser, createServerConfig({ name: 'host', dir: __dirname, mode })];
};
