/**
 * The one rspack configuration factory every front-end build uses (host and the three remotes).
 *
 * - TypeScript/TSX through rspack's builtin swc loader (React automatic runtime, refresh in dev).
 * - Module federation via `@module-federation/enhanced/rspack`: the host registers remotes at run
 *   time from `/remotes.json`; each remote exposes page-level modules and emits `remoteEntry.js`
 *   and `mf-manifest.json` into its own `dist/`.
 * - Shared singletons (ARCHITECTURE "Module federation"): react, react-dom, react-router, jotai,
 *   @mui/material (+ @campus/mui-overlays, loaded on demand), @emotion/react, @emotion/styled and
 *   @campus/shared. MUI and react-router are shared through the facades in `shared/src/facades`
 *   (docs/stack-notes.md "Shared singletons and sizes"). axios and notistack are not shared: only @campus/shared (one
 *   copy at run time) imports them, on the first API call and the first toast (docs/product.md §23).
 * - Production: minified, content-hashed file names, precompressed `.br`/`.gz` siblings.
 * - `federation: false` builds without module federation (no federation plugin, no runtime
 *   aliases): bench/single-bundle/rspack.config.ts builds the host that way, with the remotes'
 *   pages imported directly (the floor bench:web compares the composed site against).
 * - {@link createServerConfig}: the Node build beside the browser build (docs/product.md §23, ADR 0009) —
 *   the host's server renderer and each server-rendered remote's Node `remoteEntry.js`, in
 *   `dist/server/`, loaded by the server at run time over HTTP through module federation's Node
 *   runtime (`@module-federation/node`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { moduleFederationPlugin } from '@module-federation/sdk';
import { type Configuration, rspack } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

/** Repository root (rspack's CLI loads this file as CommonJS through jiti, so __dirname exists). */
const ROOT = __dirname;

import { API_DEV_PORT, REMOTES, type RemoteName } from './dev-ports';

type SharedConfig = moduleFederationPlugin.SharedConfig;

export { API_DEV_PORT, HOST_PORT, REMOTES, type RemoteName } from './dev-ports';

export interface FrontendOptions {
  /** 'host' or a remote name; also the federation container name. */
  name: 'host' | RemoteName;
  /** Absolute path of the package (its `src/` and `dist/` live there). */
  dir: string;
  /** Dev-server port. */
  port: number;
  /** Remote only: module federation `exposes` (page-level modules). */
  exposes?: Record<string, string>;
  mode: 'development' | 'production';
  /**
   * Module federation (default true). false: no federation plugin and no federation runtime
   * aliases; the caller provides what the federated modules were (bench/single-bundle).
   */
  federation?: boolean;
}

/**
 * Resolve aliases that make the browser builds bundle the module federation runtime's ES module
 * files instead of their CommonJS twins (same package version, same code; docs/product.md §23, ADR 0008).
 * The federation plugin points its generated runtime entry, its `@module-federation/runtime`
 * alias and the external-runtime plugin at absolute `.cjs` paths (it resolves them with Node's
 * `require.resolve`); CommonJS cannot be tree-shaken, scope-hoisted or have its export names
 * mangled. Measured: host `main.js` −4.4 KB br, each remote's `remoteEntry.js` −4.9 KB br.
 * Output: `{ "<request>$" | "<absolute .cjs path>$": "<absolute .js path>" }`.
 */
export function federationRuntimeEsmAliases(): Record<string, string> {
  const from = [path.dirname(require.resolve('@module-federation/runtime-tools'))];
  const requests = [
    '@module-federation/runtime',
    '@module-federation/runtime/core',
    '@module-federation/runtime-tools',
    '@module-federation/runtime-tools/runtime-core',
    '@module-federation/webpack-bundler-runtime',
    '@module-federation/inject-external-runtime-core-plugin',
  ];
  const aliases: Record<string, string> = {};
  for (const request of requests) {
    const cjs = require.resolve(request, { paths: from });
    const esm = cjs.replace(/\.cjs$/, '.js');
    if (esm === cjs || !fs.existsSync(esm)) throw new Error(`no ES module beside ${cjs}`);
    aliases[`${request}$`] = esm;
    aliases[`${cjs}$`] = esm;
  }
  return aliases;
}

function packageVersion(pkg: string): string {
  return (require(`${pkg}/package.json`) as { version: string }).version;
}

/**
 * Shared module configuration: singletons with versions read from the installed packages.
 *
 * `dependencies` (the package's own package.json dependencies) limits the list to what that
 * package uses: a remote that never imports formik neither provides nor consumes it.
 * `eager` (the host in production) bundles the singletons into the host's initial chunks
 * instead of one request each; remotes never share eagerly, they take the host's copies.
 */

/**
 * Module rules of every build, browser and Node: TS/TSX through swc with React's automatic
 * runtime (`development` adds React's dev transforms, `refresh` the react-refresh transform of the
 * dev server), and images as assets (inlined up to 2 KB).
 */
function moduleRules({ development, refresh }: { development: boolean; refresh: boolean }) {
  return [
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development, refresh } },
        },
      },
      type: 'javascript/auto' as const,
    },
    {
      test: /\.(png|jpe?g|gif|svg|webp)$/i,
      type: 'asset' as const,
      parser: { dataUrlCondition: { maxSize: 2048 } },
    },
  ];
}

/**
 * The module federation `shared` map of a package: one singleton each of React, react-dom, the
 * router and MUI facades, emotion, jotai and @campus/shared (ADR 0002), plus formik and yup
 * (shared, not singletons); `dependencies` keeps only what the package depends on, `eager`
 * bundles them into the entry (the production host provides them).
 *
 * `checkVersions: false` (browser builds) drops the singletons' `requiredVersion` ranges: the
 * runtime then skips its semver checks, whose first use (building the parser's regular
 * expressions) was ~10 ms of `main.js`'s ~25 ms start-up task (cold `/products`, Chromium traces
 * on the bench host), and which could only ever warn (a non-strict singleton is used whatever
 * its version). The server builds keep the ranges, so the
 * server's federation runtime still warns, once per load of a remote's server code, when a remote
 * deployed alone wants another major of React or emotion than the host provides (ADR 0026).
 */
export function sharedModules(
  options: { dependencies?: string[]; eager?: boolean; checkVersions?: boolean } = {},
): Record<string, SharedConfig> {
  const eager = options.eager ?? false;
  const checkVersions = options.checkVersions ?? true;
  const singleton = (pkg: string, extra: SharedConfig = {}): SharedConfig => ({
    singleton: true,
    requiredVersion: checkVersions ? `^${packageVersion(pkg)}` : false,
    eager,
    ...extra,
  });
  const all: Record<string, SharedConfig> = {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    'react/jsx-dev-runtime': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    // Facades: the module behind the name is shared/src/facades/*.ts (see resolve.alias).
    'react-router': singleton('react-router', {
      version: packageVersion('react-router'),
      requiredVersion: false,
    }),
    '@mui/material': singleton('@mui/material', {
      version: packageVersion('@mui/material'),
      requiredVersion: false,
    }),
    // What no first view shows (dialogs, drawers...; shared/src/facades/mui-overlays.ts): never
    // eager, downloaded with the first lazy panel or page that imports it (docs/product.md §23).
    '@campus/mui-overlays': singleton('@mui/material', {
      version: packageVersion('@mui/material'),
      requiredVersion: false,
      eager: false,
    }),
    '@emotion/react': singleton('@emotion/react'),
    '@emotion/styled': singleton('@emotion/styled'),
    // The jotai facade (shared/src/facades/jotai.ts): jotai's own entry points behind it are
    // plain modules of the build that provides it (lint forbids importing them elsewhere).
    jotai: singleton('jotai', { version: packageVersion('jotai'), requiredVersion: false }),
    // axios and notistack are NOT shared (docs/product.md §23): only @campus/shared imports them, with
    // import() on the first API call and the first toast, so they are plain chunks of whichever
    // build provides @campus/shared (the host's). A plain chunk that failed to download (offline)
    // is fetched again on the next import(); a failed shared module stays failed in the
    // federation runtime (runtime-core's loadShare keeps the rejected `loading` promise).
    '@campus/shared': { singleton: true, requiredVersion: false, version: '1.0.0', eager },
    // Not singletons and never eager (only form pages use them), but shared so the auth,
    // dashboard and host form pages reuse one copy.
    formik: { requiredVersion: `^${packageVersion('formik')}`, singleton: false },
    yup: { requiredVersion: `^${packageVersion('yup')}`, singleton: false },
  };
  const dependencies = options.dependencies;
  if (!dependencies) return all;
  const packageOf = (request: string) =>
    request === '@campus/mui-overlays'
      ? '@mui/material'
      : request.startsWith('@')
        ? request.split('/').slice(0, 2).join('/')
        : (request.split('/')[0] as string);
  return Object.fromEntries(
    Object.entries(all).filter(([request]) => dependencies.includes(packageOf(request))),
  );
}

/**
 * Resolve aliases: the MUI, react-router and jotai facades, and the real react-router behind
 * them, from the `paths` of tsconfig.web.json (the one alias map; ADR 0003). Where a path names type
 * declarations (`.d.mts`, `.d.ts`), the alias is the module beside them (`.mjs`, `.js`).
 */
export function facadeAliases(): Record<string, string> {
  const tsconfig = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.web.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.fromEntries(
    Object.entries(tsconfig.compilerOptions.paths).map(([name, [target]]) => [
      `${name}$`,
      path.join(ROOT, target!.replace(/\.d\.(m?)ts$/, '.$1js')),
    ]),
  );
}

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
/** The Node build's folder inside `dist/` (never precompressed or cleaned by the browser build). */
export const SERVER_DIR = 'server';

/**
 * Writes `.br` (brotli quality 11) and `.gz` (gzip level 9) siblings next to every emitted text
 * asset larger than 1 KB, so the server can send precompressed files (@fastify/static
 * `preCompressed`) instead of compressing on each request.
 */
export class PrecompressPlugin {
  apply(compiler: {
    hooks: { afterEmit: { tapPromise: (name: string, fn: (c: unknown) => Promise<void>) => void } };
    outputPath: string;
  }) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async () => {
      const dir = compiler.outputPath;
      const files = fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => COMPRESSIBLE.test(f) && !f.startsWith(`${SERVER_DIR}${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await fs.promises.readFile(full);
          if (data.length < 1024) return;
          const br = zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
          await fs.promises.writeFile(`${full}.br`, br);
          await fs.promises.writeFile(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
        }),
      );
    });
  }
}

/**
 * V8's explicit compile hint (Chromium 136+; other engines ignore the comment): the magic comment
 * `//# allFunctionsCalledOnLoad` on the first line of every production script makes V8 compile
 * all of its functions while the script streams in, on a background thread, instead of compiling
 * each one on the main thread the first time it is called. Measured on /products (docs/product.md §23): lazy
 * compilation was about half of the first view's long tasks. Added after minification (stage
 * above PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE) so the minifier cannot drop it.
 */
function compileHintsBanner() {
  return new rspack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.js$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
  });
}

/** True for a file of the Node build (`dist/server/…`); `file` may be relative to `distDir` or absolute. */
function keepServerBuild(distDir: string, file: string): boolean {
  return path.relative(distDir, path.resolve(distDir, file)).split(path.sep)[0] === SERVER_DIR;
}

/** Builds the rspack configuration for one front-end package. */
export function createFrontendConfig(options: FrontendOptions): Configuration {
  const { name, dir, port, exposes, mode } = options;
  const isHost = name === 'host';
  const isProd = mode === 'production';
  const isDevServer = process.env.RSPACK_SERVE === 'true' || process.argv.includes('serve');
  const hashed = isProd ? '.[contenthash:8]' : '';

  const plugins: Configuration['plugins'] = [
    new rspack.HtmlRspackPlugin({
      template: path.join(dir, 'src/index.html'),
      // A remote's page is its standalone shell only; never inject remoteEntry.js (docs/stack-notes.md "Module federation and rspack").
      chunks: ['main'],
      minify: isProd,
    }),
    new rspack.DefinePlugin({
      'process.env.NODE_ENV': JSON.stringify(mode),
    }),
  ];

  const federation = options.federation ?? true;
  if (federation) {
    plugins.push(
      new ModuleFederationPlugin({
        name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes: isHost ? undefined : exposes,
        remotes: {},
        shared: sharedModules({
          dependencies: Object.keys(
            (require(path.join(dir, 'package.json')) as { dependencies?: Record<string, string> })
              .dependencies ?? {},
          ),
          eager: isHost && isProd,
          checkVersions: false,
        }),
        shareStrategy: 'loaded-first',
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        dts: false,
        dev: { disableDynamicRemoteTypeHints: true },
        // Production: the host provides the federation runtime and remotes use it instead of
        // bundling their own copy (remoteEntry.js ~half the size; docs/stack-notes.md
        // "Module federation and rspack"). A
        // production remote therefore runs inside the host only; standalone is for development.
        experiments: {
          asyncStartup: true,
          optimization: { target: 'web' },
          ...(isProd ? (isHost ? { provideExternalRuntime: true } : { externalRuntime: true }) : {}),
        },
      }),
    );
  }
  if (isProd) {
    plugins.push(
      new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(dir, 'public'), noErrorOnMissing: true }] }),
      new PrecompressPlugin(),
      compileHintsBanner(),
    );
  }
  if (!isProd && isDevServer) plugins.push(new ReactRefreshRspackPlugin());

  return {
    mode,
    context: dir,
    target: ['web', 'es2020'],
    entry: { main: path.join(dir, 'src/index.ts') },
    devtool: isProd ? false : 'cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: isHost ? '/' : 'auto',
      uniqueName: name,
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      assetModuleFilename: `assets/[name]${hashed}[ext]`,
      // The Node build (createServerConfig) writes dist/server/ at the same time.
      clean: { keep: (file: string) => keepServerBuild(path.join(dir, 'dist'), file) },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      alias: { ...facadeAliases(), ...(federation ? federationRuntimeEsmAliases() : {}) },
    },
    module: { rules: moduleRules({ development: !isProd, refresh: !isProd && isDevServer }) },
    optimization: { minimize: isProd },
    performance: { hints: false },
    plugins,
    devServer: {
      port,
      host: process.env.DEV_SERVER_HOST ?? 'localhost',
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          context: ['/api', '/uploads'],
          target: process.env.API_PROXY_TARGET ?? `http://localhost:${API_DEV_PORT}`,
        },
      ],
      setupMiddlewares: isHost
        ? (middlewares) => {
            // In development the remotes run on their own dev servers (REMOTES ports).
            middlewares.unshift({
              name: 'remotes-json',
              path: '/remotes.json',
              middleware: (
                _req: unknown,
                res: { setHeader: (k: string, v: string) => void; end: (b: string) => void },
              ) => {
                res.setHeader('Content-Type', 'application/json');
                res.setHeader('Cache-Control', 'no-cache');
                res.end(JSON.stringify(devRemotes()));
              },
            });
            return middlewares;
          }
        : undefined,
    },
  } as Configuration;
}

/** Remote entry URLs in development: env REMOTE_<NAME>_URL, else the remote's dev server. */
export function devRemotes(): Record<RemoteName, string> {
  const entries = Object.entries(REMOTES).map(([remote, remotePort]) => [
    remote,
    process.env[`REMOTE_${remote.toUpperCase()}_URL`] ?? `http://localhost:${remotePort}/mf-manifest.json`,
  ]);
  return Object.fromEntries(entries) as Record<RemoteName, string>;
}

/**
 * The Node build of a front end (docs/product.md §23.2; ADR 0009; docs/stack-notes.md "Server rendering and hydration"),
 * written to `<package>/dist/server/`:
 *
 * - a remote: its `remoteEntry.js` (+ `mf-manifest.json`) for Node — target async-node, library
 *   `commonjs-module`, the same `exposes` and shared singletons as the browser build, and
 *   `@module-federation/node`'s runtime plugin so its chunks are fetched over HTTP from where the
 *   entry was loaded (the server loads the entry by URL at run time, so a redeployed remote
 *   changes the server HTML without rebuilding the host);
 * - the host: `render.js` (entry `src/server/render.tsx`, CommonJS) holding React's server
 *   renderer, the route table and the host pages; it PROVIDES the shared singletons (eager) so
 *   every remote loaded into it uses ONE React, react-dom, router, MUI, emotion, jotai and
 *   @campus/shared.
 */
export function createServerConfig(options: Omit<FrontendOptions, 'port' | 'federation'>): Configuration {
  const { name, dir, exposes, mode } = options;
  const isHost = name === 'host';
  const isProd = mode === 'production';
  return {
    mode,
    context: dir,
    target: 'async-node',
    entry: isHost ? { render: path.join(dir, 'src/server/render.tsx') } : {},
    devtool: false,
    output: {
      path: path.join(dir, 'dist', SERVER_DIR),
      publicPath: 'auto',
      uniqueName: `${name}_server`,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      chunkFormat: 'commonjs',
      library: { type: isHost ? 'commonjs2' : 'commonjs-module' },
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      alias: facadeAliases(),
    },
    module: { rules: moduleRules({ development: !isProd, refresh: false }) },
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      new ModuleFederationPlugin({
        name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes: isHost ? undefined : exposes,
        library: isHost ? undefined : { type: 'commonjs-module', name },
        remoteType: 'script',
        remotes: {},
        shared: sharedModules({
          dependencies: Object.keys(
            (require(path.join(dir, 'package.json')) as { dependencies?: Record<string, string> })
              .dependencies ?? {},
          ),
          eager: isHost,
        }),
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        dts: false,
        dev: { disableDynamicRemoteTypeHints: true },
      }),
    ],
  } as Configuration;
}
