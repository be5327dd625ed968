/**
 * `GET /universities?country=KE` (docs/product.md §1, §3 "University reference entry", docs/product.md §9 "country
 * filter KE"): the entries of one country as `{name, url}`, one per name (case-insensitive,
 * first url kept), sorted by name. The list only changes with a deploy, so answers may be cached
 * for a day (and revalidated with the ETag for a week after).
 */
import { UNIVERSITY_COUNTRY } from '@campus/shared/constants';
import { universitySchema } from '@campus/shared/contract';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../common/schemas.ts';
import { universitiesByCountry } from './universities.ts';

export const UNIVERSITIES_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

export const listUniversitiesSchema = {
  tags: ['universities'],
  summary: 'Universities of a country (the signup picker uses KE)',
  querystring: {
    type: 'object',
    properties: {
      country: {
        type: 'string',
        pattern: '^[A-Za-z]{2}$',
        default: UNIVERSITY_COUNTRY,
        description: 'Two-letter code (case-insensitive), default KE',
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['status', 'data'],
      properties: {
        status: { type: 'string', const: 'success' },
        data: {
          type: 'object',
          required: ['universities'],
          properties: {
            universities: {
              type: 'array',
              items: universitySchema,
            },
          },
        },
      },
    },
    ...errorResponses,
  },
} as const;

export default async function universitiesRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { country: string } }>(
    '/universities',
    { schema: listUniversitiesSchema },
    async (request, reply) => {
      reply.header('cache-control', UNIVERSITIES_CACHE_CONTROL);
      return { status: 'success', data: { universities: universitiesByCountry(request.query.country) } };
    },
  );
}
