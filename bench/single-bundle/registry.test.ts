/**
 * The single bundle registers the same pages as the remotes (docs/product.md §23.9): registry.ts
 * loads exactly the ids of host/src/remotes/remote-pages.ts, each from the source module its
 * remote exposes (the `exposes` of mfe-<remote>/rspack.config.ts), so bench:web compares the
 * composed site with the same pages in one bundle.
 */
import path from 'node:path';
import { REMOTE_PAGES } from '../../host/src/remotes/remote-pages';
import { exposedModules, withoutExtension } from '../../jest/testing/exposed-modules';
import { SINGLE_BUNDLE_PAGES } from './registry';

describe('the single bundle (bench/single-bundle/registry.ts)', () => {
  it('imports exactly the remote page ids, each from the module its remote exposes', () => {
    const exposed = exposedModules();
    expect(exposed.size).toBeGreaterThan(0);
    expect(Object.keys(SINGLE_BUNDLE_PAGES).sort()).toEqual(Object.values(REMOTE_PAGES).sort());
    for (const [id, load] of Object.entries(SINGLE_BUNDLE_PAGES)) {
      const imported = /(?:import|require)\(["']([^"']+)["']\)/.exec(load.toString())?.[1];
      expect(imported).toBeDefined();
      const resolved = withoutExtension(path.resolve(__dirname, imported!));
      expect({ id, resolved }).toEqual({ id, resolved: exposed.get(id) });
    }
  });
});
