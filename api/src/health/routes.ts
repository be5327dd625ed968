/**
 * `GET /api/v1/health` (ARCHITECTURE "Runtime contract"): 200 `{status: "ok"}` when the
 * database answers; 503 `{status: "error", message}` when it does not.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../common/schemas.ts';
import { ping } from './repository.ts';

export const DATABASE_DOWN_MESSAGE = 'Database unavailable';

export default async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness',
        response: {
          200: {
            type: 'object',
            required: ['status'],
            properties: { status: { type: 'string', const: 'ok' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      try {
        await ping(app.db);
        return { status: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'error', message: DATABASE_DOWN_MESSAGE });
      }
    },
  );
}
