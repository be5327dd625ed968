/**
 * Dashboard routes under /api/v1 (issue 5): `GET /dashboard/summary` for the `/app` overview.
 */
import type { FastifyInstance } from 'fastify';
import { sellerOnly } from '../selling/hooks.ts';
import { summarySchema } from './schemas.ts';

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get('/dashboard/summary', { schema: summarySchema, onRequest: sellerOnly(app) }, async (request) => ({
    status: 'success',
    data: { summary: await app.dashboard.summary(request.user.id) },
  }));
}
