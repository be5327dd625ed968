/**
 * What the remotes expose (docs/product.md §18.5), read from the `exposes` of each
 * mfe-<remote>/rspack.config.ts: for the structure tests of the host's remote pages and of the
 * single bundle, which check their module ids against it. Tests only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** `file` without its .ts/.tsx extension. */
export const withoutExtension = (file: string) => file.replace(/\.tsx?$/, '');

/** Exposed id ('catalog/ProductsPage') → absolute path of its source, without extension. */
export function exposedModules(): Map<string, string> {
  const exposed = new Map<string, string>();
  for (const remote of ['catalog', 'auth', 'dashboard']) {
    const config = readFileSync(path.join(REPO_ROOT, `mfe-${remote}/rspack.config.ts`), 'utf8');
    for (const [, key, file] of config.matchAll(/'\.\/(\w+)':\s*'\.\/(src\/[^']+)'/g)) {
      exposed.set(`${remote}/${key}`, withoutExtension(path.join(REPO_ROOT, `mfe-${remote}`, file!)));
    }
  }
  return exposed;
}
