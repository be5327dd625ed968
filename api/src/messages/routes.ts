/**
 * `POST /api/v1/messages` (issue 6): 201 `{status: "success", message}`; 400 for a missing or
 * invalid field; 429 over the per-IP limit (`SITE_RATE_LIMIT`).
 */
import type { FastifyInstance } from 'fastify';
import { siteRateLimit, trimBody } from '../site/common.ts';
import { messagesRepository } from './repository.ts';
import { createMessageSchema, type MessageBody } from './schemas.ts';
import { messagesService } from './service.ts';

export default async function messagesRoutes(app: FastifyInstance) {
  const messages = messagesService(messagesRepository(app.db));
  app.post<{ Body: MessageBody }>(
    '/messages',
    {
      schema: createMessageSchema,
      preValidation: trimBody,
      config: { rateLimit: siteRateLimit(app.config.rateLimitFactor) },
    },
    async (request, reply) =>
      reply.code(201).send({ status: 'success', message: await messages.submit(request.body) }),
  );
}
