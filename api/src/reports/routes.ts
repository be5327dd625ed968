/**
 * Reports routes under /api/v1 (docs/product.md §19.1): `POST /reports`, for signed-in, verified
 * users, rate-limited per user; registered from the table of endpoints (docs/decisions/0038).
 * 201 with a new report, 200 with the same open report when it is repeated.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../common/route.ts';
import { sellerOnly } from '../selling/hooks.ts';
import { createReportSchema } from './schemas.ts';

/** Reports one user may send per hour (times RATE_LIMIT_FACTOR). */
export const REPORTS_PER_HOUR = 30;

export default async function reportsRoutes(app: FastifyInstance) {
  route(app, 'POST /reports', {
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
  })(async (request, reply) => {
    const { report, created, message } = await app.reports.create(request.user.id, request.body, request.ip);
    if (!created) reply.code(200);
    return { status: 'success', data: { report, message } };
  });
}
