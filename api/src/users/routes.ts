/**
 * Users routes under /api/v1 (spec 7): `GET /users/usersCount`.
 */
import type { FastifyInstance } from 'fastify';
import { usersCountSchema } from './schemas.ts';

export default async function usersRoutes(app: FastifyInstance) {
  app.get('/users/usersCount', { schema: usersCountSchema, config: { publicCache: true } }, async () => ({
    status: 'success',
    results: await app.users.count(),
  }));
}
