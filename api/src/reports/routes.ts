/**
 * Reports routes under /api/v1 (docs/product.md §19.1): `POST /reports`, for signed-in, verified users,
 * rate-limited per user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReportReason, ReportTargetType } from '../db/schema.ts';
import { sellerOnly } from '../selling/hooks.ts';
import { createReportSchema } from './schemas.ts';

/** Reports one user may send per hour (times RATE_LIMIT_FACTOR). */
export const REPORTS_PER_HOUR = 30;

export default async function reportsRoutes(app: FastifyInstance) {
  app.post<{
    Body: { targetType: ReportTargetType; targetId: string; reason: ReportReason; details?: string };
  }>(
    '/reports',
    {
      schema: createReportSchema,
      onRequest: sellerOnly(app),
      config: {
        rateLimit: {
          // After authentication (preHandler): counted per signed-in user, not per token or address.
          hook: 'preHandler',
          max: Math.max(1, Math.round(REPORTS_PER_HOUR * app.config.rateLimitFactor)),
          timeWindow: 3_600_000,
          keyGenerator: (request: FastifyRequest) => `report:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const { report, created, message } = await app.reports.create(
        request.user.id,
        request.body,
        request.ip,
      );
      return reply.code(created ? 201 : 200).send({ status: 'success', data: { report, message } });
    },
  );
}
