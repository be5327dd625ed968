/**
 * Saved items routes under /api/v1 (docs/product.md §20.1), for any signed-in user (`app.authenticate`,
 * 401 for guests): `PUT /favourites/:kind/:id` and `DELETE /favourites/:kind/:id` (204, both
 * idempotent), `GET /favourites`, `GET /favourites/ids`. Never cached (per user: `no-store`).
 * Registered from the table of endpoints (docs/decisions/0038).
 */
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
import { favouriteIdsSchema, listFavouritesSchema, saveSchema, unsaveSchema } from './schemas.ts';

export default async function favouritesRoutes(app: FastifyInstance) {
  const onRequest = [app.authenticate];

  route(app, 'PUT /favourites/:kind/:id', { schema: saveSchema, onRequest })(async (request) => {
    await app.favourites.save(request.user.id, request.params.kind, request.params.id);
    return undefined;
  });

  route(app, 'DELETE /favourites/:kind/:id', { schema: unsaveSchema, onRequest })(async (request) => {
    await app.favourites.unsave(request.user.id, request.params.kind, request.params.id);
    return undefined;
  });

  route(app, 'GET /favourites', { schema: listFavouritesSchema, onRequest })(async (request) => ({
    status: 'success',
    data: { favourites: await app.favourites.list(request.user.id) },
  }));

  route(app, 'GET /favourites/ids', { schema: favouriteIdsSchema, onRequest })(async (request) => ({
    status: 'success',
    data: await app.favourites.ids(request.user.id),
  }));
}
