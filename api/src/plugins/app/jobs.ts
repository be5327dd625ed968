/**
 * Jobs plugin (ADR 0035 "Job library"): decorates the app with `jobs` (`jobs/jobs.ts`), pg-boss
 * over the app's database pool. It starts when the app is ready, before the workers the
 * resources register (their `onReady` hooks run after this one), and stops when the app starts
 * closing (`preClose`), before the database closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobs, type Jobs } from '../../jobs/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** pg-boss over the app's database: `jobs.boss`, `jobs.inTransaction(trx)`. */
    jobs: Jobs;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const jobs = createJobs(app.db, app.log.child({ module: 'jobs' }));
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => {
      await jobs.start();
    });
    app.addHook('preClose', async () => {
      await jobs.stop();
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
