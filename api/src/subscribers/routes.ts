/**
 * `POST /api/v1/subscribers` (docs/product.md §17): 201 `{status: "success", message}` for a new or an
 * already subscribed address; 400 for a missing or invalid e-mail; 429 over the per-IP limit.
 */
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
import { siteRateLimit, trimBody } from '../site/common.ts';
import { createSubscriberSchema } from './schemas.ts';

export default async function subscribersRoutes(app: FastifyInstance) {
  route(app, 'POST /subscribers', {
    schema: createSubscriberSchema,
    preValidation: trimBody,
    config: { rateLimit: siteRateLimit(app.config.rateLimitFactor) },
  })(async (request) => ({
    status: 'success',
    message: await app.subscribers.subscribe(request.body.email),
  }));
}
