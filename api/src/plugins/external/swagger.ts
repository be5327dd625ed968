/**
 * OpenAPI documentation: @fastify/swagger collects every route's JSON schemas; @fastify/swagger-ui
 * serves the browsable docs at /api/docs (and the document at /api/docs/json).
 * Register before the routes so they are collected; the UI after them.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';

export const swaggerPlugin = fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Campus Soko API',
          description:
            'Marketplace API for Kenyan university students. Success: `{status:"success", data}`; ' +
            'errors: `{status:"fail", message, errors?}` (4xx) or `{status:"error", message}` (5xx). Prices in KES.',
          version: '1.0.0',
        },
        servers: [{ url: config.publicUrl }],
        components: {
          // Routes that need a signed-in user declare `security: [{ bearerAuth: [] }]`.
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
  },
  { name: 'swagger' },
);

export const swaggerUiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'swagger-ui', dependencies: ['swagger'] },
);
