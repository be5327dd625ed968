/**
 * The boot script of a server-rendered page (issue 16, ADR 0024): the page paints first, then its
 * JavaScript runs.
 *
 * The built `index.html` starts the host with `<script defer src="/main.….js">`. A deferred script
 * runs as soon as it has arrived and the HTML is parsed, and on a fast link that is before the
 * browser has painted the page or its first card's photo: its ~20 ms compile and run then hold
 * back the first paint and the largest one (LCP). The server-rendered document therefore names
 * the host's scripts with `<link rel="preload" as="script" fetchpriority="low" data-boot>` (downloaded
 * from the start, at the priority a deferred script has, so the LCP photo keeps the bandwidth
 * first) and ends with {@link BOOT_SCRIPT}, which adds the `<script>`s (in order, `async = false`)
 * once the page has painted, as the browser reports it (Paint and Largest Contentful Paint
 * timing):
 * - after the first contentful paint, and on a page with an LCP photo (the `img[fetchpriority=
 *   "high"]` React marks; on a phone the first row's two) after a largest-contentful-paint entry of
 *   such a photo, or the first one's load error,
 *   or {@link BOOT_PHOTO_PAINT_WAIT_MS} after it loaded (a photo that is not the largest paint);
 * - at once when the tab is hidden (it paints nothing);
 * - at the latest {@link BOOT_FALLBACK_MS} after the HTML was parsed (a stalled photo, a browser
 *   without these timings falls back to two animation frames).
 * It marks the moment with `performance.mark('campus:boot')`.
 *
 * The Content-Security-Policy still has no 'unsafe-inline': it allows this one script by its hash
 * ({@link BOOT_SCRIPT_CSP_SOURCE}, helmet.ts), and no other inline script runs.
 */
import { createHash } from 'node:crypto';

/** The longest the boot script waits for the first paint and the LCP photo (ms after parsing). */
export const BOOT_FALLBACK_MS = 3000;
/** How long after the LCP photo has loaded it waits for its paint to be reported (ms): a photo that is not the largest paint gets no entry of its own. */
export const BOOT_PHOTO_PAINT_WAIT_MS = 500;

/**
 * The inline script's exact text (its hash is in the CSP: change nothing at run time). Readable
 * form:
 * ```js
 * var links = document.querySelectorAll('link[data-boot]'), started = false, painted = false;
 * var photo = document.querySelector('img[fetchpriority="high"]');
 * var photoDone = !photo || !(photo.getAttribute('src') || photo.getAttribute('srcset'));
 * function start() { once: performance.mark('campus:boot'); a <script src async=false> per link }
 * function check() { if (painted && photoDone) start(); }
 * if (document.hidden) return start();
 * photo: error → done; loaded (now or later) → done after BOOT_PHOTO_PAINT_WAIT_MS;
 * PerformanceObserver 'paint' (first-contentful-paint → painted) and 'largest-contentful-paint'
 *   (an entry of an img[fetchpriority=high]: the first row's photos are one size → done), both buffered; without them: painted after two frames;
 * setTimeout(start, BOOT_FALLBACK_MS);
 * ```
 */
export const BOOT_SCRIPT = `(function(){var d=document,links=d.querySelectorAll("link[data-boot]"),started=false,painted=false,photo=d.querySelector('img[fetchpriority="high"]'),photoDone=!photo||!(photo.getAttribute("src")||photo.getAttribute("srcset"));function start(){if(started)return;started=true;if(window.performance&&performance.mark)performance.mark("campus:boot");for(var i=0;i<links.length;i++){var s=d.createElement("script");s.src=links[i].href;s.async=false;d.head.appendChild(s)}}function check(){if(painted&&photoDone)start()}function done(){photoDone=true;check()}function loaded(){setTimeout(done,${BOOT_PHOTO_PAINT_WAIT_MS})}if(d.hidden)return start();if(!photoDone){photo.addEventListener("error",done);if(photo.complete)loaded();else photo.addEventListener("load",loaded)}try{new PerformanceObserver(function(list){list.getEntries().forEach(function(e){if(e.name==="first-contentful-paint")painted=true});check()}).observe({type:"paint",buffered:true});new PerformanceObserver(function(list){list.getEntries().forEach(function(e){if(e.element&&e.element.getAttribute("fetchpriority")==="high")photoDone=true});check()}).observe({type:"largest-contentful-paint",buffered:true})}catch(e){requestAnimationFrame(function(){requestAnimationFrame(function(){painted=true;check()})})}setTimeout(start,${BOOT_FALLBACK_MS})})()`;

/** The CSP source that allows {@link BOOT_SCRIPT} and nothing else inline: `'sha256-…'`. */
export const BOOT_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/**
 * Replaces the `<script defer src>` tags of the built `index.html`'s head by preloads the boot
 * script starts from.
 * @param head the template's head (everything before `</head>`)
 * @returns the head with `<link rel="preload" as="script" fetchpriority="low" data-boot>` in place of each
 *   deferred script, and how many were replaced (0: the template had none; leave the page without
 *   a boot script)
 */
export function preloadDeferredScripts(head: string): { head: string; scripts: number } {
  let scripts = 0;
  const replaced = head.replace(/<script\b([^>]*)><\/script>/g, (tag, attributes: string) => {
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (!src || !/\bdefer\b/.test(attributes)) return tag;
    scripts += 1;
    return `<link rel="preload" href="${src}" as="script" fetchpriority="low" data-boot />`;
  });
  return { head: replaced, scripts };
}
