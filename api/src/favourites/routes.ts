/**
 * Saved items routes under /api/v1 (docs/product.md §20.1), for any signed-in user (`app.authenticate`,
 * 401 for guests): `PUT /favourites/:kind/:id` and `DELETE /favourites/:kind/:id` (204, both
 * idempotent), `GET /favourites`, `GET /favourites/ids`. Never cached (per user: `no-store`).
 */
import type { FavouriteKind } from '@campus/shared/contract';
import type { FastifyInstance } from 'fastify';
import { favouriteIdsSchema, listFavouritesSchema, saveSchema, unsaveSchema } from './schemas.ts';

type Params = { Params: { kind: FavouriteKind; id: string } };

export default async function favouritesRoutes(app: FastifyInstance) {
  const onRequest = [app.authenticate];

  app.put<Params>('/favourites/:kind/:id', { schema: saveSchema, onRequest }, async (request, reply) => {
    await app.favourites.save(request.user.id, request.params.kind, request.params.id);
    return reply.code(204).send();
  });

  app.delete<Params>('/favourites/:kind/:id', { schema: unsaveSchema, onRequest }, async (request, reply) => {
    await app.favourites.unsave(request.user.id, request.params.kind, request.params.id);
    return reply.code(204).send();
  });

  app.get('/favourites', { schema: listFavouritesSchema, onRequest }, async (request) => ({
    status: 'success',
    data: { favourites: await app.favourites.list(request.user.id) },
  }));

  app.get('/favourites/ids', { schema: favouriteIdsSchema, onRequest }, async (request) => ({
    status: 'success',
    data: await app.favourites.ids(request.user.id),
  }));
}
