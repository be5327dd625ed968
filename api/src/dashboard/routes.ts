/**
 * Dashboard routes under /api/v1 (docs/product.md §15): `GET /dashboard/summary` for the `/app` overview, and
 * `GET /dashboard/insights` (docs/product.md §20.7). Registered from the table of endpoints
 * (docs/decisions/0038).
 */
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
import { sellerOnly } from '../selling/hooks.ts';
import { insightsSchema, summarySchema } from './schemas.ts';

export default async function dashboardRoutes(app: FastifyInstance) {
  route(app, 'GET /dashboard/summary', { schema: summarySchema, onRequest: sellerOnly(app) })(
    async (request) => ({
      status: 'success',
      data: { summary: await app.dashboard.summary(request.user.id) },
    }),
  );

  // docs/product.md §20.7: the seller's insights.
  route(app, 'GET /dashboard/insights', { schema: insightsSchema, onRequest: sellerOnly(app) })(
    async (request) => ({ status: 'success', data: await app.dashboard.insights(request.user.id) }),
  );
}
