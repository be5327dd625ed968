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

/** How often a tap recorded before hydration checks whether its control is live (ms). */
const TAP_REPLAY_POLL_MS = 50;

/** The longest the boot script waits for the first paint and the LCP photo (ms after parsing). */
const BOOT_FALLBACK_MS = 3000;
/** How long after the LCP photo has loaded it waits for its paint to be reported (ms): a photo that is not the largest paint gets no entry of its own. */
const BOOT_PHOTO_PAINT_WAIT_MS = 500;

/**
 * The inline script's exact text (its hash is in the CSP: change nothing at run time). Readable
 * form:
 * ```js
 * var config = JSON.parse(document.getElementById('boot-config').textContent);
 * config.scripts → <link rel=preload as=script fetchpriority=low>; config.preloads → <link rel=preload>;
 * PerformanceObserver 'paint' (first-contentful-paint → painted) and 'largest-contentful-paint'
 *   (an entry of an img[fetchpriority=high] → photoDone), both buffered;
 * on DOMContentLoaded (parsed): hidden tab → start(); photo = first img[fetchpriority="high"]:
 *   none or no src → photoDone; error → photoDone; loaded (now or later) → photoDone after
 *   BOOT_PHOTO_PAINT_WAIT_MS; no PerformanceObserver → painted after two frames;
 *   setTimeout(start, BOOT_FALLBACK_MS);
 * start() once parsed (and painted && photoDone, or the fallback): performance.mark('campus:boot'),
 *   then a <script src async=false> per config.scripts entry.
 * click (capture, on document) on or inside [data-tap-replay] whose element has no __reactProps$…
 *   key yet: preventDefault + stopPropagation, tapped = that element (aria-busy="true"); replay():
 *   every TAP_REPLAY_POLL_MS until the element has that key, then remove aria-busy and
 *   element.click(); a tapped element that left the document (React replaced it) is dropped.
 * ```
 */
export const BOOT_SCRIPT = `(function(){var d=document,config,tapped=null;function live(t){return Object.keys(t).some(function(k){return k.indexOf("__reactProps$")===0})}function replay(){if(!tapped)return;if(!tapped.isConnected){tapped=null;return}if(!live(tapped))return void setTimeout(replay,${TAP_REPLAY_POLL_MS});var t=tapped;tapped=null;t.removeAttribute("aria-busy");if(t.isConnected)t.click()}d.addEventListener("click",function(e){var t=e.target&&e.target.closest&&e.target.closest("[${TAP_REPLAY_ATTRIBUTE}]");if(!t||live(t))return;e.preventDefault();e.stopPropagation();var waiting=tapped;tapped=t;t.setAttribute("aria-busy","true");if(!waiting)replay()},true);try{config=JSON.parse(d.getElementById("boot-config").textContent)}catch(e){return}var host=config.scripts||[],preloads=config.preloads||[],parsed=false,started=false,painted=false,photoDone=false,observed=true,i;function preload(p){var l=d.createElement("link");l.rel="preload";l.href=p.href;l.as=p.as;if(p.crossOrigin)l.crossOrigin=p.crossOrigin;if(p.fetchPriority)l.setAttribute("fetchpriority",p.fetchPriority);d.head.appendChild(l)}for(i=0;i<host.length;i++)preload({href:host[i],as:"script",fetchPriority:"low"});for(i=0;i<preloads.length;i++)preload(preloads[i]);function start(){if(started||!parsed)return;started=true;if(window.performance&&performance.mark)performance.mark("campus:boot");for(var j=0;j<host.length;j++){var s=d.createElement("script");s.src=host[j];s.async=false;d.head.appendChild(s)}}function check(){if(painted&&photoDone)start()}function done(){photoDone=true;check()}function loaded(){setTimeout(done,${BOOT_PHOTO_PAINT_WAIT_MS})}try{new PerformanceObserver(function(list){list.getEntries().forEach(function(e){if(e.name==="first-contentful-paint")painted=true});check()}).observe({type:"paint",buffered:true});new PerformanceObserver(function(list){list.getEntries().forEach(function(e){if(e.element&&e.element.getAttribute("fetchpriority")==="high")photoDone=true});check()}).observe({type:"largest-contentful-paint",buffered:true})}catch(e){observed=false}function onParsed(){parsed=true;if(d.hidden)return start();var photo=d.querySelector('img[fetchpriority="high"]');if(!photo||!(photo.getAttribute("src")||photo.getAttribute("srcset")))photoDone=true;else{photo.addEventListener("error",done);if(photo.complete)loaded();else photo.addEventListener("load",loaded)}if(!observed)requestAnimationFrame(function(){requestAnimationFrame(function(){painted=true;check()})});check();setTimeout(start,${BOOT_FALLBACK_MS})}if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",onParsed);else onParsed()})()`;

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
