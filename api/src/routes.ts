/**
 * The /api/v1 scope: ETag on every answer (@fastify/etag: a 304 when If-None-Match matches),
 * Cache-Control per route (`config.publicCache`, see `common/http.ts`), and each resource's
 * routes. Add a resource by registering its `routes.ts` here.
 */
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin/routes.ts';
import synonymsRoutes from './admin/synonyms-routes.ts';
import authRoutes from './auth/routes.ts';
import { cacheControlHook } from './common/http.ts';
import dashboardRoutes from './dashboard/routes.ts';
import dealsRoutes from './deals/routes.ts';
import chatRoutes from './engagement/routes.ts';
import eventsRoutes from './events/routes.ts';
import favouritesRoutes from './favourites/routes.ts';
import healthRoutes from './health/routes.ts';
import productsRoutes from './products/routes.ts';
import releasesRoutes from './releases/routes.ts';
import reportsRoutes from './reports/routes.ts';
import savedSearchesRoutes from './saved-searches/routes.ts';
import sellersRoutes from './sellers/routes.ts';
import servicesRoutes from './services/routes.ts';
import shopsRoutes from './shops/routes.ts';
import siteRoutes from './site/routes.ts';
import telemetryRoutes from './telemetry/routes.ts';
import universitiesRoutes from './universities/routes.ts';
import usersRoutes from './users/routes.ts';

export default async function apiV1(app: FastifyInstance) {
  await app.register(etag);
  app.addHook('onSend', cacheControlHook);
  await app.register(healthRoutes);
  await app.register(productsRoutes);
  await app.register(servicesRoutes);
  await app.register(shopsRoutes);
  await app.register(sellersRoutes);
  await app.register(usersRoutes);
  await app.register(authRoutes);
  await app.register(universitiesRoutes);
  await app.register(siteRoutes);
  await app.register(eventsRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportsRoutes);
  await app.register(adminRoutes);
  await app.register(synonymsRoutes);
  await app.register(favouritesRoutes);
  await app.register(chatRoutes);
  await app.register(releasesRoutes);
  await app.register(telemetryRoutes);
  // Deals and reviews (docs/product.md §28).
  await app.register(dealsRoutes);
  await app.register(savedSearchesRoutes);
}
