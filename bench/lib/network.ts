/**
 * One cold page load in Chromium (Playwright, a fresh context = empty cache) recorded from the
 * DevTools protocol: every request with its bytes on the wire (`Network.loadingFinished`
 * encodedDataLength: compressed body + headers), its type, and for JavaScript the decoded body,
 * recompressed with gzip -9 and brotli q11, searched for library markers (copies fetched).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions } from 'playwright-core';

/** Debian's Chromium and the flags that keep it offline and quiet (same as the e2e suite). */
export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/test-machine.mjs';

/** A mid-range Android phone (Lighthouse's mobile screen: 412 × 823 CSS px at DPR 1.75). */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'en-KE',
  timezoneId: 'Africa/Nairobi',
  serviceWorkers: 'block',
};

/**
 * Strings that survive minification, found in every copy of a library: a fetched JS file holding
 * the marker counts as one copy (verified against the builds; bench/web.ts reports a marker
 * missing from every build). The MF runtime's marker occurs 3 times per copy, hence files.
 */
export const COPY_MARKERS = {
  'react-dom': '__reactContainer$',
  '@mui/material': 'mobileStepper',
  '@campus/shared': 'Could we discuss further',
  'MF runtime': '__GLOBAL_LOADING_REMOTE_ENTRY__',
} as const;
export type CopyName = keyof typeof COPY_MARKERS;

/** Heuristic labels of what a JS file holds (for the per-file table; a file can have several). */
export const LIBRARY_LABELS: Record<string, string> = {
  ...COPY_MARKERS,
  'react-router': '__reactRouterVersion',
  axios: 'ERR_BAD_RESPONSE',
  emotion: 'data-emotion',
  jotai: 'jotai-',
  // notistack's own class name (the theme's `.notistack-*` rules are in main.js without the library)
  notistack: 'notistack-CollapseWrapper',
  formik: 'validateOnBlur',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: yup's message template, searched for literally
  yup: '${path} must be a',
  'browser-image-compression': 'imageCompression',
};

/** A listing card of the catalog (ListingCard: `<article>` holding the link to the item page). */
export const FIRST_CARD_SELECTOR = 'article a[href^="/products/"], article a[href^="/services/"]';

export type ByteType = 'js' | 'css' | 'image' | 'json' | 'font' | 'other';
export const BYTE_TYPES: ByteType[] = ['js', 'css', 'image', 'json', 'font', 'other'];

export interface JsFile {
  /** Path (and query) of the script. */
  path: string;
  wire: number;
  encoding: string;
  raw: number;
  gzip: number;
  brotli: number;
  libraries: string[];
}

export interface ImageFile {
  path: string;
  wire: number;
}

export interface LoadResult {
  url: string;
  requests: number;
  failed: number;
  non2xx: number;
  wireBytes: Record<ByteType | 'total', number>;
  requestsByType: Record<ByteType, number>;
  js: {
    requests: number;
    wire: number;
    raw: number;
    gzip: number;
    brotli: number;
    encodings: Record<string, number>;
  };
  copies: Record<CopyName, number>;
  /** JS URLs fetched more than once. */
  duplicateJs: string[];
  /** ms from navigation start to the first listing card in the DOM; null when the page has none. */
  firstCardMs: number | null;
  jsFiles: JsFile[];
  /** Images fetched, largest first. */
  imageFiles: ImageFile[];
}

interface Entry {
  url: string;
  type: string;
  mimeType: string;
  status: number;
  encoding: string;
  wire: number;
  done: boolean;
  failed: boolean;
}

function byteType(entry: Entry): ByteType {
  const mime = entry.mimeType.toLowerCase();
  if (entry.type === 'Script' || mime.includes('javascript')) return 'js';
  if (entry.type === 'Stylesheet' || mime === 'text/css') return 'css';
  if (entry.type === 'Image' || mime.startsWith('image/')) return 'image';
  if (entry.type === 'Font' || mime.startsWith('font/')) return 'font';
  if (mime.includes('json')) return 'json';
  return 'other';
}

const compressed = new Map<string, { gzip: number; brotli: number }>();

/** gzip -9 and brotli q11 sizes of `data` (memoized by content: brotli q11 is slow and files repeat). */
function compressedSizes(data: Buffer): { gzip: number; brotli: number } {
  const key = createHash('sha256').update(data).digest('hex');
  let sizes = compressed.get(key);
  if (!sizes) {
    sizes = {
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }).length,
    };
    compressed.set(key, sizes);
  }
  return sizes;
}

export interface LoadOptions {
  /** localStorage entries set before any script runs (the signed-in session). */
  storage?: Record<string, string>;
  timeoutMs?: number;
  /** Pages with listing cards: wait this long for the first one (then for the network to idle). */
  cardWaitMs?: number;
}

/** Cold-loads `url` in a new context and returns what went over the network. */
export async function measureLoad(
  browser: Browser,
  url: string,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const context = await browser.newContext(PHONE);
  try {
    if (options.storage) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, options.storage);
    }
    await context.addInitScript((selector) => {
      const w = window as unknown as { __benchFirstCard?: number };
      const observer = new MutationObserver(() => {
        if (w.__benchFirstCard === undefined && document.querySelector(selector)) {
          w.__benchFirstCard = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    }, FIRST_CARD_SELECTOR);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable', { maxTotalBufferSize: 200_000_000, maxResourceBufferSize: 50_000_000 });
    const entries = new Map<string, Entry>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!/^https?:/.test(event.request.url)) return;
      entries.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        mimeType: '',
        status: 0,
        encoding: 'none',
        wire: 0,
        done: false,
        failed: false,
      });
    });
    cdp.on('Network.responseReceived', (event) => {
      const entry = entries.get(event.requestId);
      if (!entry) return;
      entry.type = event.type ?? entry.type;
      entry.mimeType = event.response.mimeType ?? '';
      entry.status = event.response.status;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      entry.encoding = headers['content-encoding'] ?? 'none';
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = entries.get(event.requestId);
      if (!entry) return;
      entry.wire = event.encodedDataLength;
      entry.done = true;
    });
    cdp.on('Network.loadingFailed', (event) => {
      const entry = entries.get(event.requestId);
      if (entry) entry.failed = true;
    });

    const timeout = options.timeoutMs ?? 60_000;
    await page.goto(url, { waitUntil: 'networkidle', timeout });
    if (options.cardWaitMs) {
      try {
        await page.waitForSelector(FIRST_CARD_SELECTOR, { timeout: options.cardWaitMs, state: 'attached' });
        await page.waitForLoadState('networkidle', { timeout });
      } catch {
        // no listing card appeared: firstCardMs stays null
      }
    }
    const firstCard = await page.evaluate(
      () => (window as unknown as { __benchFirstCard?: number }).__benchFirstCard ?? null,
    );

    const wireBytes = { js: 0, css: 0, image: 0, json: 0, font: 0, other: 0, total: 0 };
    const requestsByType = { js: 0, css: 0, image: 0, json: 0, font: 0, other: 0 };
    const jsFiles: JsFile[] = [];
    const imageFiles: ImageFile[] = [];
    const copies = Object.fromEntries(Object.keys(COPY_MARKERS).map((k) => [k, 0])) as Record<
      CopyName,
      number
    >;
    const seenJs = new Map<string, number>();
    let failed = 0;
    let non2xx = 0;
    for (const [requestId, entry] of entries) {
      if (entry.failed) failed++;
      if (entry.status >= 300 || (entry.done && entry.status === 0)) non2xx++;
      const type = byteType(entry);
      wireBytes[type] += entry.wire;
      wireBytes.total += entry.wire;
      requestsByType[type]++;
      if (type === 'image') imageFiles.push({ path: new URL(entry.url).pathname, wire: entry.wire });
      if (type !== 'js' || !entry.done) continue;
      seenJs.set(entry.url, (seenJs.get(entry.url) ?? 0) + 1);
      const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
      const data = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
      const text = data.toString('utf8');
      for (const [name, marker] of Object.entries(COPY_MARKERS)) {
        if (text.includes(marker)) copies[name as CopyName]++;
      }
      jsFiles.push({
        path: new URL(entry.url).pathname,
        wire: entry.wire,
        encoding: entry.encoding,
        raw: data.length,
        ...compressedSizes(data),
        libraries: Object.entries(LIBRARY_LABELS)
          .filter(([, marker]) => text.includes(marker))
          .map(([name]) => name),
      });
    }
    const sum = (pick: (file: JsFile) => number) => jsFiles.reduce((total, file) => total + pick(file), 0);
    const encodings: Record<string, number> = {};
    for (const file of jsFiles) encodings[file.encoding] = (encodings[file.encoding] ?? 0) + 1;
    jsFiles.sort((a, b) => b.brotli - a.brotli);
    imageFiles.sort((a, b) => b.wire - a.wire);
    return {
      url,
      requests: entries.size,
      failed,
      non2xx,
      wireBytes,
      requestsByType,
      js: {
        requests: jsFiles.length,
        wire: sum((f) => f.wire),
        raw: sum((f) => f.raw),
        gzip: sum((f) => f.gzip),
        brotli: sum((f) => f.brotli),
        encodings,
      },
      copies,
      duplicateJs: [...seenJs].filter(([, n]) => n > 1).map(([u]) => new URL(u).pathname),
      firstCardMs: firstCard === null ? null : Math.round(firstCard),
      jsFiles,
      imageFiles,
    };
  } finally {
    await context.close();
  }
}
