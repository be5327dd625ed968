/**
 * Load shedding and priority (docs/decisions/0030-overload-and-degraded-dependencies.md): under
 * a crowd the process keeps answering its health checks and the requests it has accepted, and
 * gives the rest a fast, cheap answer instead of a slow one.
 *
 * - Event-loop delay (@fastify/under-pressure): while the mean delay of the last sample is above
 *   `maxEventLoopDelayMs`, new API reads (GET/HEAD under `/api/`) answer 503
 *   `{status: "error", message}` with `Retry-After` at once. Health checks (`/api/v1/health`,
 *   `/health/live`, `/health/ready`), writes (a student's form is not thrown away), browser
 *   navigations to the API (links followed from a mail or a page), static files and uploads go on
 *   as usual.
 * - Server renders in flight (`app.renderGate`, product logic): at most `maxRendersInFlight`
 *   pages are rendered on the server at a time, and no second one while the event loop is behind or
 *   busier than `maxRenderEventLoopUtilization` (its busy share over the last sample); a page
 *   request above that gets the client-rendered shell (`index.html`, as with SERVER_RENDERING=off)
 *   with the header `X-Render-Fallback: overload`. The browser renders that page itself.
 * - Nothing already accepted is dropped: both checks run when a request arrives, never on one in
 *   progress.
 * Counters: `campus_shed_total{kind="api"|"render"}` on `/metrics`.
 */
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Admission of server renders (see the module comment). */
    renderGate: RenderGate;
  }
}

/** The header a page request shed to the client-rendered shell carries, and its value. */
export const RENDER_FALLBACK_HEADER = 'x-render-fallback';
/** The value of RENDER_FALLBACK_HEADER when the render gate was full or the event loop busy (ADR 0030). */
export const RENDER_FALLBACK_OVERLOAD = 'overload';
/** Message of a shed API read (503). */
export const OVERLOADED_MESSAGE = 'The site is very busy right now. Please try again in a few seconds.';

/**
 * Defaults, chosen with `npm run bench:overload` (bench/results/overload.md): at 200 connections
 * on the shared 2-core machine, 1-2 renders in flight served 3-4 × the pages of 4, with about half
 * the p99 of pages and health; the render gate's utilization limit did the most for the health
 * checks. The delay limit only sheds API reads when the loop is clearly behind: on a busy shared
 * host a process's timers run tens of ms late with no work of its own queued.
 */
export const LOAD_SHEDDING_DEFAULTS = {
  /** Mean event-loop delay (ms) over one sample above which API reads are shed (0: never). */
  maxEventLoopDelayMs: 100,
  /** How often the event-loop delay is sampled, ms. */
  sampleIntervalMs: 250,
  /**
   * Server renders in flight at most: a render's React pass runs on the event loop, so more in
   * flight only overlap their data loads and make every request (health checks too) wait longer.
   */
  maxRendersInFlight: 2,
  /**
   * Share of the last sample's time the event loop was busy (0-1) above which no server render
   * starts (0: never): a render's React pass holds the loop for tens of ms, and with the loop
   * saturated every request waits behind it (bench: with renders on, health p99 1.8 s at 200
   * connections; with none, 0.26 s).
   */
  maxRenderEventLoopUtilization: 0.9,
  /** `Retry-After` of a shed API read, seconds. */
  retryAfterSeconds: 5,
} as const;

/** Thresholds of load shedding (each defaults to `LOAD_SHEDDING_DEFAULTS`). */
export type LoadSheddingOptions = { [K in keyof typeof LOAD_SHEDDING_DEFAULTS]?: number };

/** Paths of the health checks, never shed. */
const HEALTH_PATH = /^\/api\/v1\/health(\/live|\/ready)?\/?$/;

/**
 * True for a request shed under event-loop pressure: an API read that is not a health check and
 * not a browser navigation (`Sec-Fetch-Mode: navigate`: a link the student followed, such as the
 * e-mail verification link, a chat redirect or an unsubscribe link, whose 503 would show as a
 * JSON page and lose the click).
 */
export function isSheddableRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers['sec-fetch-mode'] === 'navigate') return false;
  const pathname = request.url.split('?')[0] ?? '';
  return pathname.startsWith('/api/') && !HEALTH_PATH.test(pathname);
}

/**
 * Admits server renders: at most `max` at a time, and no second one while `underPressure()`. Call `enter()`
 * before rendering; a null answer means "send the client-rendered shell".
 */
export class RenderGate {
  /** Renders running now. */
  inFlight = 0;
  /** Page requests sent the shell instead, since start. */
  shed = 0;
  constructor(
    readonly max: number,
    private readonly underPressure: () => boolean,
  ) {}

  /**
   * Starts a render when there is room: returns its release function (call it once the page is
   * sent or failed; later calls do nothing), or null when the render must not start.
   */
  enter(): (() => void) | null {
    // A lone render is always admitted: pressure sheds only when renders overlap (a sequential
    // visitor's busy loop is its own previous render, not a crowd).
    if (this.inFlight >= this.max || (this.inFlight > 0 && this.underPressure())) {
      this.shed += 1;
      return null;
    }
    this.inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
    };
  }
}

export default fp<{ options?: LoadSheddingOptions }>(
  async (app: FastifyInstance, { options }) => {
    // Tests share one busy machine and run PGlite on the event loop: event-loop shedding there
    // only when a test asks for it (its own thresholds).
    const inTests =
      app.config.nodeEnv === 'test' ? { maxEventLoopDelayMs: 0, maxRenderEventLoopUtilization: 0 } : {};
    const settings = { ...LOAD_SHEDDING_DEFAULTS, ...inTests, ...options };
    let apiShed = 0;
    /** The answer of a request that arrives under pressure: a 503 body, or undefined (served). */
    const shedRead = (request: FastifyRequest, reply: FastifyReply) => {
      if (!isSheddableRead(request)) return undefined;
      apiShed += 1;
      reply
        .code(503)
        .header('retry-after', String(settings.retryAfterSeconds))
        .header('cache-control', 'no-store');
      return { status: 'error', message: OVERLOADED_MESSAGE };
    };
    await app.register(underPressure, {
      maxEventLoopDelay: settings.maxEventLoopDelayMs,
      sampleInterval: settings.sampleIntervalMs,
      // The loop's busy share per sample (not since start), read by the render gate below.
      eventLoopUtilizationMode: 'interval',
      // under-pressure sends a value the handler returns as the answer (undefined: the request
      // goes on); its types declare void, hence the cast. Sent, not thrown: no error log per request.
      pressureHandler: shedRead as unknown as FastifyUnderPressureOptions['pressureHandler'],
    });
    const busy = () =>
      settings.maxRenderEventLoopUtilization > 0 &&
      app.memoryUsage().eventLoopUtilized > settings.maxRenderEventLoopUtilization;
    const gate = new RenderGate(settings.maxRendersInFlight, () => app.isUnderPressure() || busy());
    app.decorate('renderGate', gate);
    if (app.hasDecorator('metrics')) {
      new Counter({
        name: 'campus_shed_total',
        help: 'Requests given the overload answer since start: API reads (503) and page renders (client-rendered shell)',
        labelNames: ['kind'] as const,
        registers: [app.metrics],
        collect() {
          this.reset();
          this.inc({ kind: 'api' }, apiShed);
          this.inc({ kind: 'render' }, gate.shed);
        },
      });
    }
  },
  { name: 'load-shedding' },
);
