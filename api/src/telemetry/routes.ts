/**
 * Remote health routes (docs/decisions/0029-remote-releases.md, "Serving"), registered from the
 * table of endpoints (docs/decisions/0038):
 * - `POST /api/v1/telemetry/remote-errors` `{remote, version, route, kind, message?}`: 202; 400 for
 *   a bad body; 429 over {@link REMOTE_ERROR_RATE_LIMIT} per address. Only the count of the
 *   remote version is kept (the message is logged at debug level, nothing else is stored).
 * - `GET /api/v1/releases/health` (admins): each remote version's page views, errors and error
 *   rate over the automatic rollback window.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../common/route.ts';
import { HttpError } from '../errors.ts';
import { healthSchema, remoteErrorSchema } from './schemas.ts';

/** Reports a visitor's address may send: a page with three failing remotes, reloaded often. */
export const REMOTE_ERROR_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

export default async function telemetryRoutes(app: FastifyInstance) {
  route(app, 'POST /telemetry/remote-errors', {
    schema: remoteErrorSchema,
    config: { rateLimit: REMOTE_ERROR_RATE_LIMIT },
  })(async (request) => {
    request.log.debug({ report: request.body }, 'remote error reported');
    await app.remoteServing.telemetry.recordError(request.body, 'browser');
    return { status: 'success' };
  });

  const requireAdmin = async (request: FastifyRequest) => {
    if (request.user?.role !== 'admin') throw new HttpError(403, 'Only admins can see release health');
  };
  route(app, 'GET /releases/health', { schema: healthSchema, onRequest: [app.authenticate, requireAdmin] })(
    async () => {
      const { telemetry } = app.remoteServing;
      const { windowMs, versions } = await telemetry.health();
      return {
        status: 'success',
        data: {
          windowMs,
          threshold: { minErrors: telemetry.policy.minErrors, maxErrorRate: telemetry.policy.maxErrorRate },
          versions,
        },
      };
    },
  );
}
