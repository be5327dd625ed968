/**
 * The slow-phone profile (docs/product.md §23 item 9a) and the warm repeat visit (item 9b), in Chromium
 * through the DevTools protocol:
 *
 * - `measureSlowPhone`: a cold load (fresh context) with 400 kbps down, 400 kbps up, 400 ms
 *   round trips (`Network.emulateNetworkConditions`) and the CPU 4× slower
 *   (`Emulation.setCPUThrottlingRate`). Records first contentful paint (the paint timing
 *   entry), the first product or service card visible with its title and price, time to
 *   interactive (a click on the page's control responds: the Filters button opens its drawer on
 *   a list, the navbar's menu button opens the menu elsewhere; tried every 250 ms) and fully
 *   loaded (the last resource's response end, or the load event if later, after network idle).
 *   With `{ probe: false }` the load is left alone instead (Playwright's role queries are
 *   main-thread work of the page too) until the network is idle and 3 s have passed, and the
 *   main thread's long tasks (the `longtask` entries, 50 ms or more) after first paint are
 *   recorded: their time over 50 ms summed (Total Blocking Time as the phone itself felt it, not
 *   Lighthouse's simulation) and the longest.
 * - `measureWarmRepeat`: visits a page once with the service worker allowed, waits until the
 *   worker controls the page and has cached it, then opens the page again in the same context
 *   and sums the bytes that crossed the network: the page's own requests not answered by the
 *   worker or the HTTP cache (DevTools encodedDataLength) plus the worker's own network requests
 *   (Playwright reports them when service workers are allowed; headers + body).
 */
import type { Browser, Page } from 'playwright-core';
import { FIRST_CARD_SELECTOR, PHONE } from './network.ts';

/** docs/product.md §23.9: 400 kbps down and up (bytes per second), 400 ms RTT, CPU 4× slower. */
export const SLOW_PHONE = {
  downloadBytesPerSecond: (400 * 1000) / 8,
  uploadBytesPerSecond: (400 * 1000) / 8,
  latencyMs: 400,
  cpuSlowdown: 4,
} as const;

export interface SlowPhoneLoad {
  url: string;
  fcpMs: number | null;
  /** A listing card with its title and a price ('Kes') visible; null when none appeared. */
  firstCardMs: number | null;
  /** The page's control responded to a click (see the module comment); null when it never did. */
  interactiveMs: number | null;
  /**
   * Time to usable (ADR 0032): from when what a student touches first answers. On a list: a real
   * tap on Filters opened its panel (`interactiveMs`, natively before hydration) and the search box
   * takes text natively (present and visible in its GET form: Enter searches, typed text is kept
   * through hydration), the later of the two. On /contact: the first contact field is present and
   * visible in a form posted to its server handler (it takes text, the send works natively).
   * Elsewhere: `reactMs`. Null when it never was (a list's load with `probe: false`).
   */
  usableMs: number | null;
  /**
   * The page's first control is React's (the search box on a list, the first contact field on
   * /contact, else the navbar's menu button has React's props): hydration reached it, so its
   * JavaScript behaviour (the live search, formik's checks, a replayed tap) runs from then on.
   */
  reactMs: number | null;
  /** The first control works natively (see `usableMs`: a list's search box, a contact field); null when never. */
  nativeMs: number | null;
  /** The host's shell is live (`<html data-hydrated="true">`); the page's own part may follow. */
  hydratedMs: number | null;
  fullyLoadedMs: number;
  /** Which control `interactiveMs` was measured with. */
  interactiveControl: string;
  /** Loads with `probe: false`: sum of (duration − 50 ms) of the long tasks after first paint (ms). */
  blockingMs: number | null;
  /** Loads with `probe: false`: the longest main-thread task after first paint (ms); 0 when none reached 50 ms. */
  longestTaskMs: number | null;
  /**
   * Every request of the load until the network was idle, in the order they were sent: what was
   * on the way to time to usable (`endMs` ≤ `usableMs`) and the chain of round trips behind it.
   */
  requests: SlowPhoneRequest[];
}

/** One request of a slow-phone load (DevTools protocol; times in ms after navigation start). */
export interface SlowPhoneRequest {
  /** Path and query (same origin) or the whole URL. */
  url: string;
  /** DevTools resource type (Document, Script, Image, Fetch, …). */
  type: string;
  /** The browser's priority when it was sent (VeryHigh … VeryLow). */
  priority: string;
  /** Sent, first byte of the answer, finished (ms); null when it never got that far. */
  startMs: number;
  responseMs: number | null;
  endMs: number | null;
  /** Bytes on the wire (compressed body + headers). */
  bytes: number;
}

/** The control clicked to measure interactivity on `path`, and what appears when it responds. */
function controlFor(path: string): { name: string; click: (page: Page) => Promise<boolean> } {
  if (/^\/(products|services)(\?|$)/.test(path)) {
    return {
      name: 'Filters',
      click: async (page) => {
        // Opened by an earlier click (the panel is a popover: it opens natively, before hydration,
        // ADR 0032).
        if (
          await page
            .getByRole('dialog')
            .isVisible()
            .catch(() => false)
        )
          return true;
        const button = page.getByRole('button', { name: 'Filters', exact: true });
        if (!(await button.isVisible().catch(() => false))) return false;
        await button.click({ timeout: 500 }).catch(() => {});
        return page
          .getByRole('dialog')
          .isVisible()
          .catch(() => false);
      },
    };
  }
  return {
    name: 'navbar menu',
    click: async (page) => {
      if (
        await page
          .getByRole('navigation', { name: 'Mobile' })
          .isVisible()
          .catch(() => false)
      )
        return true;
      const button = page.getByRole('button', { name: 'Open menu' });
      if (!(await button.isVisible().catch(() => false))) return false;
      await button.click({ timeout: 500 }).catch(() => {});
      return page
        .getByRole('navigation', { name: 'Mobile' })
        .isVisible()
        .catch(() => false);
    },
  };
}

/** What the init script records on `window` during a slow-phone load (times in ms since navigation). */
type BenchWindow = {
  __benchCard?: number;
  __benchFcp?: number;
  __benchLongTasks?: [number, number][];
  __benchUsable?: number;
  __benchNative?: number;
  __benchHydrated?: number;
};

/** One cold load of `url` on the slow phone. */
export async function measureSlowPhone(
  browser: Browser,
  url: string,
  { probe = true, timeoutMs = 120_000 }: { probe?: boolean; timeoutMs?: number } = {},
): Promise<SlowPhoneLoad> {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript((selector) => {
      const w = window as unknown as BenchWindow;
      w.__benchLongTasks = [];
      // The page's first control carries React's props (ADR 0032), and when it first worked natively:
      // a list's search box visible in its GET form, a contact field visible in a form posted to
      // its server handler.
      const usableTimer = setInterval(() => {
        if (w.__benchHydrated === undefined && document.documentElement.dataset.hydrated === 'true')
          w.__benchHydrated = performance.now();
        const control =
          document.getElementById('list-search') ??
          document.getElementById('feedback-name') ??
          document.getElementById('message-name') ??
          document.querySelector('button[aria-label="Open menu"]');
        if (w.__benchNative === undefined && control && control.getBoundingClientRect().height > 0) {
          const form = control.closest('form');
          const method = form?.getAttribute('method')?.toLowerCase();
          const native =
            control.id === 'list-search'
              ? method === 'get'
              : control.id.endsWith('-name') && method === 'post' && Boolean(form?.getAttribute('action'));
          if (native) w.__benchNative = performance.now();
        }
        if (control && Object.keys(control).some((key) => key.startsWith('__reactProps$'))) {
          w.__benchUsable = performance.now();
          clearInterval(usableTimer);
        }
      }, 50);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'first-contentful-paint') w.__benchFcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__benchLongTasks?.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      // No named function here: tsx (esbuild keepNames) would wrap it in `__name(...)`, which does
      // not exist in the page, and the script would stop before the first card is ever looked for.
      const timer = setInterval(() => {
        if (w.__benchCard !== undefined) return;
        for (const link of document.querySelectorAll<HTMLElement>(selector)) {
          const card = link.closest('article');
          if (card && /Kes/.test(card.textContent ?? '') && link.getBoundingClientRect().height > 0) {
            w.__benchCard = performance.now();
            clearInterval(timer);
            return;
          }
        }
      }, 50);
    }, FIRST_CARD_SELECTOR);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // The request timeline, in the protocol's monotonic seconds (turned into page times below).
    const timeline = new Map<
      string,
      {
        url: string;
        type: string;
        priority: string;
        sent: number;
        response?: number;
        end?: number;
        bytes: number;
      }
    >();
    let documentSent: number | null = null;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Document' && documentSent === null) documentSent = event.timestamp;
      timeline.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        priority: event.request.initialPriority,
        sent: event.timestamp,
        bytes: 0,
      });
    });
    cdp.on('Network.responseReceived', (event) => {
      const entry = timeline.get(event.requestId);
      if (entry) entry.response = event.timestamp;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = timeline.get(event.requestId);
      if (entry) {
        entry.end = event.timestamp;
        entry.bytes = event.encodedDataLength;
      }
    });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
      uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    const navigationStart = await page.evaluate(() => performance.timeOrigin);
    const control = controlFor(new URL(url).pathname + new URL(url).search);
    let interactiveMs: number | null = null;
    while (probe && interactiveMs === null && Date.now() - started < timeoutMs) {
      if (await control.click(page)) interactiveMs = Date.now() - navigationStart;
      else await page.waitForTimeout(250);
    }
    if (probe) await page.keyboard.press('Escape').catch(() => {});
    await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => {});
    if (!probe) await page.waitForTimeout(3000);
    const timing = await page.evaluate(() => {
      const w = window as unknown as BenchWindow;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const lastResponse = Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
      );
      return {
        fcp: w.__benchFcp ?? null,
        card: w.__benchCard ?? null,
        usable: w.__benchUsable ?? null,
        native: w.__benchNative ?? null,
        hydrated: w.__benchHydrated ?? null,
        longTasks: w.__benchLongTasks ?? [],
        fullyLoaded: Math.max(nav?.loadEventEnd ?? 0, lastResponse),
      };
    });
    // Page times: the document request was sent at about the navigation's start.
    const origin = new URL(url).origin;
    const at = (seconds: number | undefined) =>
      seconds === undefined || documentSent === null ? null : Math.round((seconds - documentSent) * 1000);
    const requests: SlowPhoneRequest[] = [...timeline.values()].map((r) => ({
      url: r.url.startsWith(origin) ? r.url.slice(origin.length) : r.url,
      type: r.type,
      priority: r.priority,
      startMs: at(r.sent) ?? 0,
      responseMs: at(r.response),
      endMs: at(r.end),
      bytes: r.bytes,
    }));
    // Long tasks after first paint, on a load nobody probed.
    const blocking =
      probe || timing.fcp === null
        ? null
        : timing.longTasks.filter(([start]) => start >= (timing.fcp as number));
    const reactMs = timing.usable === null ? null : Math.round(timing.usable);
    const nativeMs = timing.native === null ? null : Math.round(timing.native);
    const path = new URL(url).pathname;
    let usableMs = reactMs;
    if (control.name === 'Filters') {
      // A list: the later of the real tap on Filters answered and the search box taking text.
      usableMs =
        interactiveMs === null || nativeMs === null ? null : Math.round(Math.max(interactiveMs, nativeMs));
    } else if (path === '/contact' && nativeMs !== null) {
      usableMs = nativeMs;
    }
    return {
      url,
      blockingMs: blocking === null ? null : Math.round(blocking.reduce((sum, [, d]) => sum + d - 50, 0)),
      longestTaskMs: blocking === null ? null : Math.round(Math.max(0, ...blocking.map(([, d]) => d))),
      fcpMs: timing.fcp === null ? null : Math.round(timing.fcp),
      firstCardMs: timing.card === null ? null : Math.round(timing.card),
      interactiveMs: interactiveMs === null ? null : Math.round(interactiveMs),
      usableMs,
      reactMs,
      nativeMs,
      hydratedMs: timing.hydrated === null ? null : Math.round(timing.hydrated),
      fullyLoadedMs: Math.round(timing.fullyLoaded),
      interactiveControl: control.name,
      requests,
    };
  } finally {
    await context.close();
  }
}

export interface WarmRepeat {
  url: string;
  /** Bytes over the network on the repeat visit (page + service worker). */
  bytes: number;
  /** Requests that crossed the network, with their bytes. */
  requests: { url: string; bytes: number; from: 'page' | 'service worker' }[];
  /** The page's requests answered by the service worker or the HTTP cache (no network). */
  servedLocally: number;
}

/** The warm repeat visit of `url` (see the module comment). */
export async function measureWarmRepeat(browser: Browser, url: string): Promise<WarmRepeat> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  try {
    const first = await context.newPage();
    await first.goto(url, { waitUntil: 'networkidle' });
    await first.waitForFunction(
      async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        if (registration?.active?.state !== 'activated' || !navigator.serviceWorker.controller) return false;
        return Boolean(await caches.match(location.href, { cacheName: 'pages' }));
      },
      undefined,
      { timeout: 60_000, polling: 250 },
    );
    await first.waitForTimeout(1000);
    await first.close();

    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests: WarmRepeat['requests'] = [];
    let servedLocally = 0;
    const fromWorker = new Set<string>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.response.fromServiceWorker || event.response.fromDiskCache) fromWorker.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (fromWorker.has(event.requestId) || event.encodedDataLength === 0) servedLocally++;
      else requests.push({ url: event.requestId, bytes: event.encodedDataLength, from: 'page' });
    });
    const urls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
    const workerRequests: Promise<void>[] = [];
    context.on('requestfinished', (request) => {
      if (!request.serviceWorker()) return;
      workerRequests.push(
        request.sizes().then((sizes) => {
          const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
          if (bytes > 0) requests.push({ url: request.url(), bytes, from: 'service worker' });
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await Promise.all(workerRequests);
    for (const request of requests)
      if (request.from === 'page') request.url = urls.get(request.url) ?? request.url;
    return { url, bytes: requests.reduce((sum, r) => sum + r.bytes, 0), requests, servedLocally };
  } finally {
    await context.close();
  }
}
