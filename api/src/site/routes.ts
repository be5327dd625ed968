/**
 * Routes behind the host's own pages (docs/product.md §17): `POST /feedback`, `POST /messages` (Contact Us)
 * and `POST /subscribers` (Coming Soon 'Notify Me'). Registered once in the /api/v1 scope.
 */
import type { FastifyInstance } from 'fastify';
import feedbackRoutes from '../feedback/routes.ts';
import messagesRoutes from '../messages/routes.ts';
import subscribersRoutes from '../subscribers/routes.ts';

export default async function siteRoutes(app: FastifyInstance) {
  await app.register(feedbackRoutes);
  await app.register(messagesRoutes);
  await app.register(subscribersRoutes);
}
