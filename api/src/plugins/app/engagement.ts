/**
 * Engagement plugin (issue 13 items 6, 10; docs/decisions/0020-batched-counters-and-daily-visitor-hash.md):
 * decorates the app with `engagement`: `counters` (views and chat clicks counted in memory,
 * flushed every ENGAGEMENT_FLUSH_MS in one transaction) and `visitors` (the salted daily visitor
 * hash; the salt in Redis when REDIS_URL is set, else in the database). The periodic flush
 * starts when the app is ready; the last flush runs in `onClose`, after the server has stopped
 * and in-flight requests have finished, and before the database closes (onClose hooks of the
 * root scope run in reverse order of registration, and this plugin is registered after the
 * database) — so a SIGTERM (server.ts → `app.close()`) loses no count.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fallbackSalts } from '../../common/redis-fallback.ts';
import { EngagementCounters } from '../../engagement/counters.ts';
import { engagementRepository } from '../../engagement/repository.ts';
import { databaseSalts, redisSalts, VisitorHasher } from '../../engagement/visitor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Views and chat clicks (issue 13): the in-memory counters and the visitor hasher. */
    engagement: { counters: EngagementCounters; visitors: VisitorHasher };
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
    app.decorate('engagement', { counters, visitors: new VisitorHasher(salts) });
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
