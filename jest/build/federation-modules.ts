/**
 * Test helper (run with `node --import tsx`, since jest cannot load @rspack/core's ES module
 * build): compiles the host's production browser configuration of rspack.base.ts into the folder
 * given as the first argument (unminified, modules not concatenated so each keeps its name, not
 * precompressed) and prints, as a JSON array, the files below `node_modules/@module-federation/`
 * that the build bundles. With `without` as the second argument, `federationRuntimeEsmAliases`
 * are left out of the configuration. Used by scripts/federation-runtime-esm.test.ts.
 */
import path from 'node:path';
import { type Configuration, rspack, type Stats, type StatsModule } from '@rspack/core';
import {
  createFrontendConfig,
  federationRuntimeEsmAliases,
  HOST_PORT,
  PrecompressPlugin,
} from '../../rspack.base';

const [out, aliases = 'with'] = process.argv.slice(2);
if (!out) throw new Error('usage: federation-modules.ts <out dir> [with|without]');

const config = createFrontendConfig({
  name: 'host',
  dir: path.resolve(__dirname, '../../host'),
  port: HOST_PORT,
  mode: 'production',
});
const alias = { ...(config.resolve?.alias as Record<string, string>) };
if (aliases === 'without') for (const key of Object.keys(federationRuntimeEsmAliases())) delete alias[key];
const compiled: Configuration = {
  ...config,
  output: { ...config.output, path: out, clean: false },
  resolve: { ...config.resolve, alias },
  optimization: { ...config.optimization, minimize: false, concatenateModules: false },
  plugins: config.plugins?.filter((plugin) => !(plugin instanceof PrecompressPlugin)),
};

rspack(compiled).run((error, stats) => {
  if (error || !stats) throw error ?? new Error('rspack gave no stats');
  print(stats);
});

/** Prints the federation files of a finished compile, or throws its errors. */
function print(stats: Stats): void {
  const json = stats.toJson({ all: false, modules: true, nestedModules: true, errors: true });
  if (json.errors?.length) throw new Error(json.errors.map((e) => e.message).join('\n'));
  const found = new Set<string>();
  const walk = (module: StatsModule) => {
    module.modules?.forEach(walk);
    const match = (module.nameForCondition ?? module.name ?? '').match(
      /node_modules\/(@module-federation\/.*)$/,
    );
    if (match?.[1]) found.add(match[1]);
  };
  json.modules?.forEach(walk);
  process.stdout.write(JSON.stringify([...found].sort()));
}
