/**
 * `POST /api/v1/messages` (docs/product.md §17): 201 `{status: "success", message}`; 400 for a missing or
 * invalid field; 429 over the per-IP limit (`SITE_RATE_LIMIT`).
 */
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
import { siteRateLimit, trimBody } from '../site/common.ts';
import { createMessageSchema } from './schemas.ts';

export default async function messagesRoutes(app: FastifyInstance) {
  route(app, 'POST /messages', {
    schema: createMessageSchema,
    preValidation: trimBody,
    config: { rateLimit: siteRateLimit(app.config.rateLimitFactor) },
  })(async (request) => ({ status: 'success', message: await app.messages.submit(request.body) }));
}
