/**
 * Builds the Fastify application (not listening): plugins, the /api/v1 routes, docs, uploads
 * and, when SERVE_STATIC, the built site. Layout modelled on fastify/demo: third-party plugins
 * in `plugins/external`, our own in `plugins/app`, one folder per resource.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { rejectNonFiniteNumbers } from './common/http.ts';
import { loggerOptions } from './common/logging.ts';
import { rejectUnstorableText } from './common/schemas.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { errorHandler, routeNotFound } from './errors.ts';
import type { Mailer } from './mail/mailer.ts';
import type { OutboxOptions } from './mail/outbox.ts';
import authPlugin from './plugins/app/auth.ts';
import databasePlugin from './plugins/app/database.ts';
import engagementPlugin from './plugins/app/engagement.ts';
import jobsPlugin from './plugins/app/jobs.ts';
import loadSheddingPlugin, { type LoadSheddingOptions } from './plugins/app/load-shedding.ts';
import mailerPlugin from './plugins/app/mailer.ts';
import metricsPlugin from './plugins/app/metrics.ts';
import outboxPlugin from './plugins/app/outbox.ts';
import redisPlugin from './plugins/app/redis.ts';
import remoteServingPlugin, { type RemoteServingOptions } from './plugins/app/remote-serving.ts';
import resourcesPlugin from './plugins/app/resources.ts';
import serializedAnswersPlugin from './plugins/app/serialized-answers.ts';
import staticSitePlugin from './plugins/app/static-site.ts';
import uploadsPlugin from './plugins/app/uploads.ts';
import compressPlugin from './plugins/external/compress.ts';
import helmetPlugin from './plugins/external/helmet.ts';
import multipartPlugin from './plugins/external/multipart.ts';
import rateLimitPlugin from './plugins/external/rate-limit.ts';
import { swaggerPlugin, swaggerUiPlugin } from './plugins/external/swagger.ts';
import releasesPlugin from './releases/plugin.ts';
import apiV1 from './routes.ts';
import contactFormRoutes from './site/contact-forms.ts';
import sitemapRoutes from './sitemap/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** What tests and scripts may replace. */
export interface BuildOverrides {
  /** An open database to use (the app takes ownership and destroys it on close). */
  database?: DatabaseHandle;
  /**
   * Fastify logger option (default: pino at LOG_LEVEL, JSON or pino-pretty as `loggerOptions`
   * chooses; request logging off in tests).
   */
  logger?: FastifyServerOptions['logger'];
  /** ms to wait for the PGlite folder lock (default 12 000). */
  lockWaitMs?: number;
  /** A mailer to use instead of the one built from SMTP_URL / DATA_DIR/outbox (the app closes it). */
  mailer?: Mailer;
  /** Prefix of the app's keys in Redis (default `campus:`); tests give each app its own. */
  redisKeyPrefix?: string;
  /** URLs per sitemap file (default 5 000; tests make it small to see the paged sitemap). */
  sitemapPageSize?: number;
  /** Retry and polling timings of the mail outbox's sender (tests shorten them). */
  outbox?: OutboxOptions;
  /** ms a client may take to send a whole request, headers and body (default REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** Load-shedding thresholds (default LOAD_SHEDDING_DEFAULTS; tests lower them). */
  loadShedding?: LoadSheddingOptions;
  /** Remote serving's options: the canaries' automatic rollback threshold, a clock (ADR 0029). */
  remoteServing?: RemoteServingOptions;
  /** Release registry options (upload limits, the host's singleton versions). */
  releases?: import('./releases/plugin.ts').ReleasesPluginOptions;
  /** The deals' clock (docs/product.md §28: the 30-day windows; tests inject one). */
  deals?: { now?: () => Date };
  /** Saved-search alert timings and clock (docs/product.md §30; tests inject a clock). */
  savedSearchAlerts?: import('./saved-searches/alerts.ts').AlertOptions;
}

/**
 * Longest time a client may take to send one whole request (headers and body), in ms: 120 s
 * (ADR 0012: a body dribbled 1 byte per 5 s is cut). Long enough for a full form of
 * pictures (72 MB) at ~600 KB/s, or a usual one (a cover and two phone photos, ~10 MB) on a
 * slow ~100 KB/s campus link. The server answers 408 and closes the connection.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Fastify's `trustProxy` for TRUST_PROXY (ADR 0012): X-Forwarded-For is believed only from
 * the proxies it names, so `request.ip` (rate limits, request logs) is otherwise the socket's
 * address. A hop count becomes "trust the nearest N peers" (Fastify 5.12 ignores a plain number:
 * it cannot check the immediate peer, so the count is only for a port reachable through the
 * proxies alone, as the README says).
 */
export function trustProxyOption(
  trustProxy: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return trustProxy;
}

/**
 * Creates the app: registers every plugin and route, opens and migrates the database.
 * Call `ready()` or `listen()` next, and `close()` at the end (closes the database).
 * @throws DatabaseLockedError when the embedded database folder is used by another process
 * @throws Error when the database cannot be opened or migrated
 */
export async function buildApp(config: AppConfig, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const requestTimeout = overrides.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: overrides.logger ?? (await loggerOptions(config)),
    requestTimeout,
    http: {
      // Given to http.createServer too: on Node 20 a requestTimeout set after the server is
      // created (all Fastify's own option does) is never enforced.
      requestTimeout,
      // Node checks the timeouts on this period (its default, 30 s, would let 120 s run to 150 s).
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeout / 4))),
    },
    logController: new LogController({ disableRequestLogging: config.nodeEnv === 'test' }),
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Opening the database may wait for its folder lock (12 s) and migrate a large database.
    pluginTimeout: 120_000,
    ajv: {
      customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false },
    },
  });
  try {
    app.decorate('config', config);
    app.setErrorHandler(errorHandler);
    app.addHook('preHandler', rejectNonFiniteNumbers);
    app.addHook('preValidation', rejectUnstorableText);

    await app.register(helmetPlugin, { config });
    await app.register(compressPlugin);
    // Before the routes (it hooks `onRoute`): cached answers serialized once (ADR 0044).
    await app.register(serializedAnswersPlugin);
    await app.register(swaggerPlugin, { config });
    await app.register(databasePlugin, {
      config,
      database: overrides.database,
      lockWaitMs: overrides.lockWaitMs,
    });
    await app.register(redisPlugin, { config, keyPrefix: overrides.redisKeyPrefix });
    await app.register(metricsPlugin, { config });
    // Before the routes: sheds API reads and server renders under load (ADR 0030).
    await app.register(loadSheddingPlugin, { options: overrides.loadShedding });
    // Views and chat clicks (docs/product.md §20): after the database (its last flush runs before the
    // database closes) and before the resources, whose services count views.
    await app.register(engagementPlugin);
    // The mailer, the outbox and the auth plugin (app.jwt, the session hooks) before the
    // resources, which build every service: moderation mails owners (docs/product.md §19), the account
    // service queues mail and signs tokens.
    await app.register(mailerPlugin, { config, mailer: overrides.mailer });
    await app.register(outboxPlugin, { options: overrides.outbox });
    // pg-boss over the app's database (ADR 0035): started before the resources' workers.
    await app.register(jobsPlugin);
    await app.register(authPlugin);
    await app.register(resourcesPlugin, {
      deals: overrides.deals,
      savedSearchAlerts: overrides.savedSearchAlerts,
    });
    // Remote releases (ADR 0029): the registry, its storage and /releases/<remote>/<version>/.
    await app.register(releasesPlugin, overrides.releases ?? {});
    await app.register(remoteServingPlugin, overrides.remoteServing ?? {});
    await app.register(rateLimitPlugin);
    await app.register(multipartPlugin);
    await app.register(apiV1, { prefix: '/api/v1' });
    await app.register(swaggerUiPlugin);
    await app.register(uploadsPlugin, { config });
    await app.register(sitemapRoutes, { pageSize: overrides.sitemapPageSize });
    // The Contact Us forms posted without JavaScript (ADR 0032).
    await app.register(contactFormRoutes);
    if (config.serveStatic) await app.register(staticSitePlugin, { config });
    else app.setNotFoundHandler(routeNotFound);
    return app;
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
}
