/**
 * Crawler files at the site root (docs/product.md §23.6): `GET /sitemap.xml`, `GET /sitemap-<n>.xml`
 * (only when the sitemap is paged) and `GET /robots.txt`. Registered outside /api/v1, in every
 * mode (the API server serves them, whether or not it also serves the built site).
 * Answers are public and cached for an hour (crawlers fetch them rarely; a new listing appears
 * in the sitemap within the hour).
 */
import type { FastifyInstance } from 'fastify';
import { routeNotFound } from '../errors.ts';
import { sitemapRepository } from './repository.ts';
import { sitemapService } from './service.ts';

const CACHE_CONTROL = 'public, max-age=3600';

/** Options: `pageSize` (URLs per sitemap file; tests make it small). */
export default async function sitemapRoutes(app: FastifyInstance, options: { pageSize?: number }) {
  const sitemap = sitemapService(sitemapRepository(app.db), {
    publicUrl: app.config.publicUrl,
    pageSize: options.pageSize,
  });
  const hidden = { schema: { hide: true } };

  app.get('/sitemap.xml', hidden, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(await sitemap.root()),
  );

  app.get<{ Params: { page: string } }>('/sitemap-:page.xml', hidden, async (request, reply) => {
    const page = /^[1-9]\d{0,5}$/.test(request.params.page) ? Number(request.params.page) : 0;
    const xml = page ? await sitemap.page(page) : null;
    if (xml === null) return routeNotFound(request, reply);
    return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(xml);
  });

  app.get('/robots.txt', hidden, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(sitemap.robots()),
  );
}
