/**
 * Serves DATA_DIR/uploads at /uploads/ (processed pictures; every mode, since image URLs in the
 * API are /uploads/... paths). File names are unique (a UUID per upload), so answers are cached
 * for a year as immutable. Cross-origin embedding is allowed (a remote on another origin shows
 * these pictures).
 */
import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export default fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    await mkdir(config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  },
  { name: 'uploads' },
);
