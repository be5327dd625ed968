/**
 * Mailer plugin: decorates the app with `mailer` (see `mail/mailer.ts`): SMTP with a connection
 * pool when SMTP_URL is set, else `.eml` files in DATA_DIR/outbox. Tests point SMTP_URL at a
 * local `smtp-server`, or pass their own `mailer`. Closed (after pending background sends) when
 * the app closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { createMailer, defaultFrom, type Mailer } from '../../mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail of the app. */
    mailer: Mailer;
  }
}

export interface MailerPluginOptions {
  config: AppConfig;
  /** A mailer to use instead of building one from `config` (the app closes it). */
  mailer?: Mailer;
}

export default fp<MailerPluginOptions>(
  async (app: FastifyInstance, { config, mailer }) => {
    const instance =
      mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        outboxDir: config.outboxDir,
        from: defaultFrom(config.publicUrl),
        log: app.log.child({ module: 'mail' }),
      });
    app.decorate('mailer', instance);
    app.addHook('onClose', async () => {
      await instance.close();
    });
    app.log.info(
      { mode: instance.mode, outbox: instance.mode === 'outbox' ? config.outboxDir : undefined },
      instance.mode === 'smtp' ? 'mail goes out over SMTP' : 'mail is written to the outbox',
    );
  },
  { name: 'mailer' },
);
