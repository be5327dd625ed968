/**
 * Build step of the installable site (docs/product.md §23.7; ADR 0010), run by the host's production
 * build (host/rspack.config.ts) after its files are written:
 *
 * 1. the web app manifest `manifest.webmanifest` (name "Campus Soko", short name, start URL `/`,
 *    display standalone, theme and background colours from `@campus/shared/constants`) and its
 *    icons: `icons/icon-192.png`, `icons/icon-512.png` and `icons/maskable-512.png` (the logo
 *    inside the 80 % safe zone on the brand colour), drawn from `public/favicon.svg` with sharp;
 * 2. the service worker: `sw.ts` bundled by rspack (webworker target, minified), then Workbox's
 *    `injectManifest` writes the precache list (the host's JS, offline page, manifest, icons;
 *    hashed names are not cache-busted; the icons are left to the browser, which fetches them itself) into
 *    `dist/sw.js`; plus its `.br` / `.gz` siblings.
 *
 * The remotes are not precached here (they deploy on their own); `sw.ts` caches them at run time.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { rspack } from '@rspack/core';
import sharp from 'sharp';
import { injectManifest } from 'workbox-build';
import { BRAND_BACKGROUND_COLOR, BRAND_PRIMARY_COLOR, PRODUCT_NAME } from '../../../shared/src/constants';

/** The web app manifest (https://www.w3.org/TR/appmanifest/). */
export function webAppManifest() {
  return {
    name: PRODUCT_NAME,
    short_name: 'Soko',
    description: 'Buy, sell and swap goods and services with students at Kenyan universities.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BRAND_PRIMARY_COLOR,
    background_color: BRAND_BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Writes the manifest and the three PNG icons into `dist`. */
async function writeManifestAndIcons(hostDir: string, dist: string): Promise<void> {
  const svg = await readFile(path.join(hostDir, 'public/favicon.svg'));
  await mkdir(path.join(dist, 'icons'), { recursive: true });
  const icon = (size: number) =>
    sharp(svg, { density: (72 * size) / 64 })
      .resize(size, size)
      .png();
  await icon(192).toFile(path.join(dist, 'icons/icon-192.png'));
  await icon(512).toFile(path.join(dist, 'icons/icon-512.png'));
  // Maskable: the logo at 70 % (inside the 80 % safe circle) on a full-bleed brand square.
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND_PRIMARY_COLOR } })
    .composite([{ input: await icon(358).toBuffer(), gravity: 'center' }])
    .png()
    .toFile(path.join(dist, 'icons/maskable-512.png'));
  await writeFile(path.join(dist, 'manifest.webmanifest'), `${JSON.stringify(webAppManifest(), null, 2)}\n`);
}

/** Bundles `sw.ts` into `<outDir>/sw.js` (rspack, webworker, production). */
function bundleWorker(entry: string, outDir: string): Promise<void> {
  const compiler = rspack({
    mode: 'production',
    target: 'webworker',
    context: path.dirname(entry),
    entry: { sw: entry },
    output: { path: outDir, filename: 'sw.js', clean: true },
    devtool: false,
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } } },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: { minimize: true, splitChunks: false },
    performance: { hints: false },
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
        else resolve();
      });
    });
  });
}

/** Rspack plugin: runs the steps above after the host's files are emitted. */
export class ServiceWorkerPlugin {
  constructor(private readonly hostDir: string) {}

  apply(compiler: {
    hooks: { afterEmit: { tapPromise: (name: string, fn: (c: unknown) => Promise<void>) => void } };
    outputPath: string;
  }) {
    compiler.hooks.afterEmit.tapPromise('ServiceWorkerPlugin', async () => {
      const dist = compiler.outputPath;
      await writeManifestAndIcons(this.hostDir, dist);
      const tmp = await mkdtemp(path.join(os.tmpdir(), 'campus-sw-'));
      try {
        await bundleWorker(path.join(this.hostDir, 'src/service-worker/sw.ts'), tmp);
        const swDest = path.join(dist, 'sw.js');
        const { warnings } = await injectManifest({
          swSrc: path.join(tmp, 'sw.js'),
          swDest,
          globDirectory: dist,
          // Icons are left to the browser (it fetches them for the manifest itself).
          globPatterns: ['**/*.{js,css}', 'offline.html', 'manifest.webmanifest', 'favicon.svg'],
          globIgnores: ['index.html', '**/*.br', '**/*.gz', 'sw.js', 'server/**'],
          dontCacheBustURLsMatching: /[.-][0-9a-f]{8}\./,
          maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        });
        for (const warning of warnings) console.warn(`[service worker] ${warning}`);
        const data = await readFile(swDest);
        await writeFile(
          `${swDest}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${swDest}.gz`, zlib.gzipSync(data, { level: 9 }));
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    });
  }
}
