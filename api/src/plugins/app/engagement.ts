/**
 * Engagement plugin (docs/product.md §20.6, §20.10; docs/decisions/0020-batched-counters-and-daily-visitor-hash.md):
 * decorates the app with `engagement`: `counters` (views and chat clicks counted in memory,
 * flushed every ENGAGEMENT_FLUSH_MS in one transaction) and `visitors` (the salted daily visitor
 * hash; the salt in Redis when REDIS_URL is set, else in the database) and `identify` (a
 * request's visit: its signed visitor cookie or its address, ADR 0031). The periodic flush
 * starts when the app is ready; the last flush runs in `onClose`, after the server has stopped
 * and in-flight requests have finished, and before the database closes (onClose hooks of the
 * root scope run in reverse order of registration, and this plugin is registered after the
 * database) — so a SIGTERM (server.ts → `app.close()`) loses no count.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fallbackSalts } from '../../common/redis-fallback.ts';
import { EngagementCounters } from '../../engagement/counters.ts';
import { engagementRepository } from '../../engagement/repository.ts';
import {
  databaseSalts,
  nairobiDay,
  redisSalts,
  type Visit,
  VisitorHasher,
  VisitorIdentifier,
} from '../../engagement/visitor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Views and chat clicks (docs/product.md §20): the in-memory counters and the visitor hasher. */
    engagement: {
      counters: EngagementCounters;
      visitors: VisitorHasher;
      /**
       * The visit of `request` today (ADR 0031: its signed visitor cookie, else its address),
       * setting a new visitor cookie on `reply` (and `Cache-Control: private, no-store`) when it
       * had none; undefined when the day's salt cannot be read (the caller then does not count).
       */
      identify(request: FastifyRequest, reply: FastifyReply): Promise<Visit | undefined>;
    };
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const repository = engagementRepository(app.db);
    const log = app.log.child({ module: 'engagement' });
    const counters = new EngagementCounters({
      repository,
      flushMs: app.config.engagementFlushMs,
      onError: (error) =>
        log.error({ err: error }, 'writing the view and chat counts failed; kept for the next flush'),
    });
    // With Redis: the salt there, from the database while Redis is down (ADR 0030).
    const salts =
      app.redis && app.redisBreaker
        ? fallbackSalts(
            redisSalts(app.redis, app.redisKeyPrefix),
            databaseSalts(repository),
            app.redisBreaker,
          )
        : databaseSalts(repository);
    const visitors = new VisitorHasher(salts);
    const identifier = new VisitorIdentifier(
      app.config.jwtSecret,
      visitors,
      app.config.publicUrl.startsWith('https:'),
    );
    const identify = async (request: FastifyRequest, reply: FastifyReply): Promise<Visit | undefined> => {
      try {
        const { visit, setCookie } = await identifier.identify(
          nairobiDay(new Date()),
          request.ip,
          request.headers.cookie,
        );
        if (setCookie) reply.header('set-cookie', setCookie).header('cache-control', 'private, no-store');
        return visit;
      } catch (error) {
        log.warn({ err: error }, 'visit not counted: the day’s salt could not be read');
        return undefined;
      }
    };
    app.decorate('engagement', { counters, visitors, identify });
    app.addHook('onReady', async () => {
      counters.start();
    });
    app.addHook('onClose', async () => {
      try {
        await counters.stop();
      } catch (error) {
        log.error(
          { err: error, lost: counters.pending() },
          'the last flush of the view and chat counts failed',
        );
      }
    });
  },
  { name: 'engagement', dependencies: ['database', 'redis'] },
);
