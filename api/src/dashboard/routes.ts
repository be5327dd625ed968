/**
 * Dashboard routes under /api/v1 (docs/product.md §15): `GET /dashboard/summary` for the `/app` overview, and
 * `GET /dashboard/insights` (docs/product.md §20.7).
 */
import type { FastifyInstance } from 'fastify';
import { sellerOnly } from '../selling/hooks.ts';
import { insightsSchema, summarySchema } from './schemas.ts';

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get('/dashboard/summary', { schema: summarySchema, onRequest: sellerOnly(app) }, async (request) => ({
    status: 'success',
    data: { summary: await app.dashboard.summary(request.user.id) },
  }));

  // docs/product.md §20.7: the seller's insights.
  app.get('/dashboard/insights', { schema: insightsSchema, onRequest: sellerOnly(app) }, async (request) => ({
    status: 'success',
    data: await app.dashboard.insights(request.user.id),
  }));
}
