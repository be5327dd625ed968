/**
 * Builds the Fastify application (not listening): plugins, the /api/v1 routes, docs, uploads
 * and, when SERVE_STATIC, the built site. Layout modelled on fastify/demo: third-party plugins
 * in `plugins/external`, our own in `plugins/app`, one folder per resource.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { errorHandler, routeNotFound } from './errors.ts';
import type { Mailer } from './mail/mailer.ts';
import authPlugin from './plugins/app/auth.ts';
import databasePlugin from './plugins/app/database.ts';
import mailerPlugin from './plugins/app/mailer.ts';
import resourcesPlugin from './plugins/app/resources.ts';
import staticSitePlugin from './plugins/app/static-site.ts';
import uploadsPlugin from './plugins/app/uploads.ts';
import helmetPlugin from './plugins/external/helmet.ts';
import multipartPlugin from './plugins/external/multipart.ts';
import rateLimitPlugin from './plugins/external/rate-limit.ts';
import { swaggerPlugin, swaggerUiPlugin } from './plugins/external/swagger.ts';
import apiV1 from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** What tests and scripts may replace. */
export interface BuildOverrides {
  /** An open database to use (the app takes ownership and destroys it on close). */
  database?: DatabaseHandle;
  /** Fastify logger option (default: pino at LOG_LEVEL; request logging off in tests). */
  logger?: FastifyServerOptions['logger'];
  /** ms to wait for the PGlite folder lock (default 12 000). */
  lockWaitMs?: number;
  /** A mailer to use instead of the one built from SMTP_URL / DATA_DIR/outbox (the app closes it). */
  mailer?: Mailer;
}

/**
 * Creates the app: registers every plugin and route, opens and migrates the database.
 * Call `ready()` or `listen()` next, and `close()` at the end (closes the database).
 * @throws DatabaseLockedError when the embedded database folder is used by another process
 * @throws Error when the database cannot be opened or migrated
 */
export async function buildApp(config: AppConfig, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: overrides.logger ?? { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: config.nodeEnv === 'test' }),
    // A proxy in front (e.g. a PaaS router) sets X-Forwarded-*; needed for real client IPs.
    trustProxy: config.isProduction,
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

    await app.register(helmetPlugin, { config });
    await app.register(swaggerPlugin, { config });
    await app.register(databasePlugin, {
      config,
      database: overrides.database,
      lockWaitMs: overrides.lockWaitMs,
    });
    await app.register(resourcesPlugin);
    await app.register(rateLimitPlugin);
    await app.register(multipartPlugin);
    await app.register(mailerPlugin, { config, mailer: overrides.mailer });
    await app.register(authPlugin);
    await app.register(apiV1, { prefix: '/api/v1' });
    await app.register(swaggerUiPlugin);
    await app.register(uploadsPlugin, { config });
    if (config.serveStatic) await app.register(staticSitePlugin, { config });
    else app.setNotFoundHandler(routeNotFound);
    return app;
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
}
