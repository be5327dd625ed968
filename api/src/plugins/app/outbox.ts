/**
 * Outbox plugin (ADR 0016): decorates the app with `outbox` (`mail/outbox.ts`), the
 * sender of the durable `mail_outbox` queue over the app's mailer. It starts when the app is
 * ready (sending what was pending before a restart) and stops when the app starts closing
 * (`preClose`: before any onClose hook closes the mailer, the database or removes files). Rows
 * queued by requests still in flight then stay pending and go out at the next start.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutbox, type Outbox, type OutboxOptions } from '../../mail/outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable mail queue's sender: `kick()`, `stats()`, `registerPreparer()`. */
    outbox: Outbox;
  }
}

export interface OutboxPluginOptions {
  /** Retry and polling timings (tests shorten them). */
  options?: OutboxOptions;
}

export default fp<OutboxPluginOptions>(
  async (app: FastifyInstance, { options }) => {
    const outbox = createOutbox(
      { db: app.db, mailer: app.mailer, log: app.log.child({ module: 'outbox' }) },
      options,
    );
    app.decorate('outbox', outbox);
    app.addHook('onReady', async () => {
      outbox.start();
    });
    app.addHook('preClose', async () => {
      await outbox.stop();
    });
  },
  { name: 'outbox', dependencies: ['database', 'mailer'] },
);
