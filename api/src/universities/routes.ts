/**
 * `GET /universities?country=KE` (docs/product.md §1, §3 "University reference entry", docs/product.md §9 "country
 * filter KE"): the entries of one country as `{name, url}`, one per name (case-insensitive,
 * first url kept), sorted by name. The list only changes with a deploy, so answers may be cached
 * for a day (and revalidated with the ETag for a week after).
 */
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
import { errorResponses } from '../common/schemas.ts';
import { universitiesByCountry } from './universities.ts';

export const UNIVERSITIES_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** Route-level docs; the query and the answer are the entry of the table of endpoints. */
export const listUniversitiesSchema = {
  tags: ['universities'],
  summary: 'Universities of a country (the signup picker uses KE)',
  response: errorResponses,
};

export default async function universitiesRoutes(app: FastifyInstance) {
  route(app, 'GET /universities', { schema: listUniversitiesSchema })(async (request, reply) => {
    reply.header('cache-control', UNIVERSITIES_CACHE_CONTROL);
    return { status: 'success', data: { universities: universitiesByCountry(request.query.country) } };
  });
}
