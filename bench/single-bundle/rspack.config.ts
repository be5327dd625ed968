/**
 * The single bundle (docs/product.md §23.9): the host's production browser build without module
 * federation, its remote registry swapped for `registry.ts`, which imports every remote's exposed
 * pages from source. bench:web compares the composed site against it (the floor). Output:
 * SINGLE_BUNDLE_OUT or bench/.work/single-bundle (never `host/dist`). No server renderer and no
 * service worker: bench/lib/single-bundle-server.ts serves its files.
 *
 * Build: `npx rspack build -c bench/single-bundle/rspack.config.ts --mode production` (bench/web.ts).
 */
import path from 'node:path';
import { type Configuration, rspack } from '@rspack/core';
import { createFrontendConfig, HOST_PORT } from '../../rspack.base';

/**
 * Where the single-bundle build goes unless SINGLE_BUNDLE_OUT says otherwise. (rspack's CLI loads
 * this file as CommonJS through jiti, as it does rspack.base.ts, so __dirname exists.)
 */
export const SINGLE_BUNDLE_DIR = path.resolve(__dirname, '../.work/single-bundle');

/** The host's requests for its remote registry (`./remote-registry`, `../remotes/remote-registry`, ...). */
const REMOTE_REGISTRY = /[\\/]remotes[\\/]remote-registry(\.ts)?$|^\.[\\/]remote-registry(\.ts)?$/;

export default (_env: unknown, argv: { mode?: 'development' | 'production' }): Configuration => {
  const config = createFrontendConfig({
    name: 'host',
    dir: path.resolve(__dirname, '../../host'),
    port: HOST_PORT,
    mode: argv.mode ?? 'production',
    federation: false,
  });
  config.plugins?.push(
    new rspack.NormalModuleReplacementPlugin(REMOTE_REGISTRY, path.join(__dirname, 'registry.ts')),
  );
  config.output = {
    ...config.output,
    path: path.resolve(process.env.SINGLE_BUNDLE_OUT || SINGLE_BUNDLE_DIR),
    clean: true,
  };
  return config;
};
