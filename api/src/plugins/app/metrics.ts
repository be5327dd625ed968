/**
 * `GET /metrics` in the Prometheus text format (prom-client; docs/product.md §22.5), for a scraper
 * inside the deployment. When METRICS_TOKEN is set it needs `Authorization: Bearer <token>`
 * (401 `{status: "fail", message}` otherwise). Unset, it is off in production (404, as for any
 * unknown route, and the start log says how to turn it on: docs/decisions/0030) and open in
 * development and test.
 *
 * Metrics (one registry per app, so apps built side by side in tests never mix):
 * - `http_requests_total{method,route,status_code}` and
 *   `http_request_duration_seconds{method,route,status_code}` (histogram): `route` is the route
 *   pattern (`/api/v1/products/:id`), `(unmatched)` for a 404 outside any route;
 * - `campus_response_cache_requests_total{result="hit"|"stale"|"miss"|"bypassed"}` and
 *   `campus_response_cache_hit_ratio` (hit + stale over all lookups, this process);
 * - `campus_db_pool_connections{state="total"|"idle"|"waiting"|"max"}`;
 * - the mail outbox (`mail/outbox.ts` `stats()`): `campus_mail_outbox_depth{state="pending"|
 *   "retrying"|"dead"}` and `campus_mail_outbox_oldest_pending_seconds` (the shared queue, read
 *   from the database at scrape time; left out of a scrape while the database does not answer),
 *   `campus_mail_outbox_failures_total`, `campus_mail_outbox_sent_total` and
 *   `campus_mail_outbox_dead_total` (this process's attempts that failed, mails sent and rows it
 *   gave up on, since start);
 * - prom-client's default process metrics, among them event-loop lag
 *   (`nodejs_eventloop_lag_seconds` and its percentiles `nodejs_eventloop_lag_p99_seconds`, …),
 *   heap, RSS, open handles, GC.
 * With WEB_CONCURRENCY > 1 every worker answers for itself (the load balancer picks one): scrape
 * each replica, or read them in aggregate from the primary (`cluster` metrics are not merged).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../../config.ts';
import { HttpError, routeNotFound } from '../../errors.ts';
import type { OutboxStats } from '../../mail/outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus registry (GET /metrics). */
    metrics: Registry;
  }
}

export const METRICS_UNAUTHORIZED_MESSAGE = 'A valid metrics token is required';
/** Start-log line of a production server without METRICS_TOKEN. */
export const METRICS_OFF_MESSAGE =
  'GET /metrics is off (404): set METRICS_TOKEN to turn it on and scrape with Authorization: Bearer <token>';

/** Request duration buckets, seconds (5 ms … 10 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** True when `header` is `Bearer <token>` (constant-time comparison). */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export default fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    const registry = new Registry();
    app.decorate('metrics', registry);
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, seconds',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? '(unmatched)';
    // Synchronous (no promise per request); the label set of a (method, route, status) is built once.
    const labelSets = new Map<string, { method: string; route: string; status_code: string }>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = routeOf(request);
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let labels = labelSets.get(key);
      if (!labels) {
        labels = { method: request.method, route, status_code: String(reply.statusCode) };
        labelSets.set(key, labels);
      }
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    // Read at scrape time from the app's parts (registered later: resolved lazily).
    new Counter({
      name: 'campus_response_cache_requests_total',
      help: 'Response cache lookups of this process by result (hit, stale, miss, bypassed)',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        const stats = app.hasDecorator('responseCache') ? app.responseCache.stats : undefined;
        this.reset();
        if (!stats) return;
        this.inc({ result: 'hit' }, stats.hits);
        this.inc({ result: 'stale' }, stats.stale);
        this.inc({ result: 'miss' }, stats.misses);
        this.inc({ result: 'bypassed' }, stats.bypassed);
      },
    });
    new Gauge({
      name: 'campus_response_cache_hit_ratio',
      help: 'Share of response cache lookups answered from the cache (fresh or stale), 0-1, this process',
      registers: [registry],
      collect() {
        const stats = app.hasDecorator('responseCache') ? app.responseCache.stats : undefined;
        const total = stats ? stats.hits + stats.stale + stats.misses + stats.bypassed : 0;
        this.set(stats && total > 0 ? (stats.hits + stats.stale) / total : 0);
      },
    });
    new Gauge({
      name: 'campus_db_pool_connections',
      help: 'Database pool connections by state (total open, idle, waiting queries, max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = app.database.poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'max' }, stats.max);
      },
    });

    // The outbox's queue and counters: one stats() call per scrape, shared by the metrics below.
    let outboxStats: Promise<OutboxStats | undefined> | undefined;
    const readOutbox = () => {
      outboxStats ??= (app.hasDecorator('outbox') ? app.outbox.stats() : Promise.resolve(undefined)).catch(
        (error: unknown) => {
          app.log.warn({ err: error }, 'metrics: mail outbox stats unavailable');
          return undefined;
        },
      );
      return outboxStats;
    };
    new Gauge({
      name: 'campus_mail_outbox_depth',
      help: 'Mails in the outbox queue by state: pending (to send, retries included), retrying (pending that failed before), dead (given up)',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const stats = await readOutbox();
        if (!stats) return;
        this.set({ state: 'pending' }, stats.pending);
        this.set({ state: 'retrying' }, stats.retrying);
        this.set({ state: 'dead' }, stats.dead);
      },
    });
    new Gauge({
      name: 'campus_mail_outbox_oldest_pending_seconds',
      help: 'Age of the oldest pending mail in the outbox, seconds (0 when none is pending)',
      registers: [registry],
      async collect() {
        this.reset();
        const stats = await readOutbox();
        if (!stats) return;
        const oldest = stats.oldestPendingAt?.getTime();
        this.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
      },
    });
    const outboxCounter = (name: string, help: string, pick: (stats: OutboxStats) => number) =>
      new Counter({
        name,
        help,
        registers: [registry],
        async collect() {
          const stats = await readOutbox();
          this.reset();
          if (stats) this.inc(pick(stats));
        },
      });
    outboxCounter(
      'campus_mail_outbox_failures_total',
      'Failed mail delivery attempts of this process since start',
      (stats) => stats.failures,
    );
    outboxCounter(
      'campus_mail_outbox_sent_total',
      'Mails sent by this process since start',
      (stats) => stats.sent,
    );
    outboxCounter(
      'campus_mail_outbox_dead_total',
      'Outbox rows this process gave up on since start',
      (stats) => stats.deadSinceStart,
    );

    // Production without a token: not public (a 404 like any unknown route).
    const metricsOff = config.isProduction && !config.metricsToken;
    if (metricsOff) app.log.info(METRICS_OFF_MESSAGE);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (metricsOff) return routeNotFound(request, reply);
      if (config.metricsToken && !hasBearerToken(request.headers.authorization, config.metricsToken)) {
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, METRICS_UNAUTHORIZED_MESSAGE);
      }
      outboxStats = undefined;
      const body = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
