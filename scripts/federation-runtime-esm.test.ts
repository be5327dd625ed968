/**
 * @jest-environment node
 *
 * rspack.base.ts `federationRuntimeEsmAliases`: the host's real production browser configuration
 * is compiled (jest/build/federation-modules.ts, in a child process) and its module list read.
 * The federation runtime must come from its ES module files only: one copy that can be
 * tree-shaken, no CommonJS twin beside it (docs/product.md §23, cold `/products` JS ≤ 200 KB brotli).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** Files below node_modules/@module-federation/ that the host's browser build bundles. */
function federationModules(aliases: 'with' | 'without'): string[] {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-federation-esm-'));
  try {
    const printed = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'jest/build/federation-modules.ts'), out, aliases],
      { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    return JSON.parse(printed) as string[];
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

describe('the federation runtime in the browser build', () => {
  it('is bundled from its ES module files only, with no CommonJS copy', () => {
    const modules = federationModules('with');
    expect(modules.filter((file) => file.endsWith('.cjs'))).toEqual([]);
    expect(modules).toEqual(
      expect.arrayContaining([
        '@module-federation/runtime-core/dist/core.js',
        '@module-federation/webpack-bundler-runtime/dist/index.js',
        '@module-federation/inject-external-runtime-core-plugin/dist/index.js',
      ]),
    );
  });

  it('is CommonJS without the aliases (the plugin resolves its runtime with require.resolve)', () => {
    const modules = federationModules('without');
    expect(modules).toEqual(
      expect.arrayContaining([
        '@module-federation/runtime-core/dist/core.cjs',
        '@module-federation/webpack-bundler-runtime/dist/index.cjs',
      ]),
    );
  });
});
