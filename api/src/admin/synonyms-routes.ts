/**
 * The search synonyms desk under /api/v1/admin (docs/product.md §31, ADR 0036): `GET
 * /admin/synonyms` lists the groups, `PUT /admin/synonyms` replaces them all (audited; takes
 * effect on the next search in every API process, no deploy or restart). 401 for a guest, 403
 * 'Only moderators can do this.' for a signed-in user who is not an admin.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../common/route.ts';
import { bearerSecurity, errorResponses } from '../common/schemas.ts';
import { HttpError } from '../errors.ts';
import { NOT_ADMIN_MESSAGE } from './routes.ts';

// Route-level docs; the body and answers are the table of endpoints' (docs/decisions/0038).
export const listSynonymsSchema = {
  tags: ['admin'],
  summary: 'The search synonym groups (docs/product.md §31)',
  security: bearerSecurity,
  response: errorResponses,
} as const;

export const replaceSynonymsSchema = {
  tags: ['admin'],
  summary: 'Replace every search synonym group (audited; effective at once, no restart)',
  description:
    'Terms are normalised to lower-case words of letters and digits (at most 3 words). ' +
    'A word of `words` finds the other words and the `narrower` ones; a narrower one finds only itself.',
  security: bearerSecurity,
  response: errorResponses,
} as const;

export default async function synonymsRoutes(app: FastifyInstance) {
  const requireAdmin = async (request: FastifyRequest) => {
    if (request.user?.role !== 'admin') throw new HttpError(403, NOT_ADMIN_MESSAGE);
  };
  const adminOnly = [app.authenticate, requireAdmin];

  route(app, 'GET /admin/synonyms', { schema: listSynonymsSchema, onRequest: adminOnly })(async () => ({
    status: 'success',
    data: { groups: await app.catalogSearch.groups() },
  }));

  route(app, 'PUT /admin/synonyms', { schema: replaceSynonymsSchema, onRequest: adminOnly })(
    async (request) => ({
      status: 'success',
      data: { groups: await app.catalogSearch.replaceSynonyms(request.user.id, request.body.groups) },
    }),
  );
}
