/**
 * The boot script of a server-rendered page (docs/product.md §23, ADR 0024): the page paints first, then its
 * JavaScript runs, and a reader without JavaScript downloads none.
 *
 * The built `index.html` starts the host with `<script defer src="/main.….js">`. A deferred script
 * runs as soon as it has arrived and the HTML is parsed, and on a fast link that is before the
 * browser has painted the page or its first card's photo: its ~20 ms compile and run then hold
 * back the first paint and the largest one (LCP). The server-rendered document therefore carries
 * no `<script src>` and no script preload of its own: the head holds the list of scripts and
 * preloads as JSON (`<script id="boot-config" type="application/json">`, {@link BootConfig})
 * followed by {@link BOOT_SCRIPT}, which
 * - at once adds a `<link rel="preload">` for each: the host's scripts at the priority a deferred
 *   script has (`fetchpriority="low"`, so the LCP photo keeps the bandwidth first), the route's
 *   remote manifest, entry and page chunks as the server names them (a browser without
 *   JavaScript, e.g. a data-conscious reader, fetches none of them);
 * - once the HTML is parsed and the page has painted, as the browser reports it (Paint and
 *   Largest Contentful Paint timing), adds the host's `<script>`s (in order, `async = false`):
 *   after the first contentful paint and, on a page with an LCP photo (the `img[fetchpriority=
 *   "high"]` React marks; on a phone the first row's two), after a largest-contentful-paint entry
 *   of such a photo, or the first one's load error, or {@link BOOT_PHOTO_PAINT_WAIT_MS} after it
 *   loaded (a photo that is not the largest paint); at once when the tab is hidden (it paints
 *   nothing); {@link BOOT_FALLBACK_MS} after parsing at the latest (a stalled photo; a browser
 *   without these timings waits two animation frames instead of the paint entry).
 * It marks the moment with `performance.mark('campus:boot')`.
 *
 * On a slow link (`navigator.connection` says 'slow-2g', '2g' or '3g', or the data saver is on;
 * ADR 0032) the photos the page marks `loading="lazy"` (every card's but the LCP ones) wait for
 * the host's scripts: a `MutationObserver` moves each one's `srcset` and `src` into
 * `data-boot-srcset` / `data-boot-src` as the parser adds it (before any layout, so the browser
 * requests none of them), and puts them back once the last host script has loaded (or failed),
 * before React hydrates them. At 400 kbps those ~70 KB of photos otherwise share the bandwidth
 * with `main.js` and hold back the moment the page's controls are live by ~1.5 s; readers
 * without JavaScript run no boot script and get every photo as before.
 *
 * It also keeps a tap made before the control is live (ADR 0032): a click on a control marked
 * `data-tap-replay` (a button whose work needs React: a drawer, a dialog, a toggle) that React has
 * not yet hydrated (no `__reactProps$…` key on the element: the shell may be live, `<html
 * data-hydrated>`, while the page's lazy part still waits for its chunk) is stopped (neither the
 * browser nor React acts on it) and remembered (the last one; the control gets `aria-busy="true"`
 * meanwhile); once React has taken that very element over, it is clicked once (checked every
 * {@link TAP_REPLAY_POLL_MS} ms).
 *
 * The Content-Security-Policy still has no 'unsafe-inline': it allows this one script by its hash
 * ({@link BOOT_SCRIPT_CSP_SOURCE}, helmet.ts), and no other inline script runs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { TAP_REPLAY_ATTRIBUTE } from '@campus/shared/constants';

/** What the boot script reads from `#boot-config`. */
export interface BootConfig {
  /** The host's start-up scripts (URLs), preloaded at once and run in order after the first paint. */
  scripts: string[];
  /**
   * Further preloads (the route's remote files), added at once; `fetchPriority: 'low'` for files
   * needed only when the host runs (the page chunks), like the host's scripts.
   */
  preloads: { href: string; as: 'script' | 'fetch'; crossOrigin?: 'anonymous'; fetchPriority?: 'low' }[];
}

/**
 * The Network Information API's `effectiveType`s on which lazy photos wait for the host's scripts
 * (also with `saveData`); on '4g', or where the API is missing, nothing waits.
 */
const HOLD_PHOTOS_ON = ['slow-2g', '2g', '3g'];

/** How often a tap recorded before hydration checks whether its control is live (ms). */
const TAP_REPLAY_POLL_MS = 50;

/** The longest the boot script waits for the first paint and the LCP photo (ms after parsing). */
const BOOT_FALLBACK_MS = 3000;
/** How long after the LCP photo has loaded it waits for its paint to be reported (ms): a photo that is not the largest paint gets no entry of its own. */
const BOOT_PHOTO_PAINT_WAIT_MS = 500;

/**
 * The inline script's exact text (its hash is in the CSP: change nothing at run time): the readable
 * arrow function in `boot-script.client.js` (plain ES2020 JavaScript, the bundles' own target;
 * read once at start-up, its lines' indentation dropped) called with its options:
 * - reads `#boot-config`; `config.scripts` become `<link rel=preload as=script fetchpriority=low>`,
 *   `config.preloads` `<link rel=preload>`;
 * - `PerformanceObserver`s for 'paint' (first-contentful-paint: painted) and
 *   'largest-contentful-paint' (an entry of an `img[fetchpriority=high]`: the photo is done);
 * - once parsed: a hidden tab starts at once; the first `img[fetchpriority="high"]` without a
 *   source, or failing, is done; loaded, it is done {@link BOOT_PHOTO_PAINT_WAIT_MS} later; no
 *   PerformanceObserver: painted after two frames; {@link BOOT_FALLBACK_MS} after parsing it
 *   starts whatever happened;
 * - start() (once parsed and painted and the photo done, or at the fallback) marks
 *   `campus:boot` and adds a `<script src async=false>` per `config.scripts` entry;
 * - a click (capture phase) on or inside `[data-tap-replay]` whose element has no
 *   `__reactProps$…` key yet is stopped and kept (`aria-busy="true"`); every
 *   {@link TAP_REPLAY_POLL_MS} ms it checks whether React has taken the element over, then clicks
 *   it once; an element React replaced (no longer in the document) is dropped.
 */
export const BOOT_SCRIPT = `(${readFileSync(new URL('./boot-script.client.js', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean)
  .join('\n')
  .replace(/;$/, '')})(${JSON.stringify({
  tapReplaySelector: `[${TAP_REPLAY_ATTRIBUTE}]`,
  tapReplayPollMs: TAP_REPLAY_POLL_MS,
  photoPaintWaitMs: BOOT_PHOTO_PAINT_WAIT_MS,
  fallbackMs: BOOT_FALLBACK_MS,
  slowConnections: HOLD_PHOTOS_ON,
})})`;

/** The CSP source that allows {@link BOOT_SCRIPT} and nothing else inline: `'sha256-…'`. */
export const BOOT_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/**
 * Takes the `<script defer src>` tags out of the built `index.html`'s head, for the boot script to
 * start (see the module comment).
 * @param head the template's head (everything before `</head>`)
 * @returns the head without them, and their URLs in document order (empty when the template has
 *   none: the boot script then only adds the route's preloads)
 */
export function takeDeferredScripts(head: string): { head: string; scripts: string[] } {
  const scripts: string[] = [];
  const rest = head.replace(/<script\b([^>]*)><\/script>/g, (tag, attributes: string) => {
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (!src || !/\bdefer\b/.test(attributes)) return tag;
    scripts.push(src);
    return '';
  });
  return { head: rest, scripts };
}
