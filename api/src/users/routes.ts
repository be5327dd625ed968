/**
 * Users routes under /api/v1 (docs/product.md §7): `GET /users/usersCount`, `GET /users/me`,
 * `PATCH /users/updateMe` (multipart: firstName, lastName, whatsApp, university, photo; the selling
 * write limit, ADR 0031) and
 * `PATCH /users/updateMyPassword` (ADR 0011; rules and messages in the auth service).
 */
import { profileForm } from '@campus/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authRateLimit, userKey } from '../auth/rate-limits.ts';
import { updateMyPasswordSchema } from '../auth/schemas.ts';
import type { ProfileInput } from '../auth/validation.ts';
import { route } from '../common/route.ts';
import { readForm } from '../selling/form.ts';
import { writeLimit } from '../selling/hooks.ts';
import type { ImageSource } from '../uploads/spool.ts';
import { meSchema, updateMeSchema, usersCountSchema } from './schemas.ts';

const TOO_MANY_FILES = 'Send at most one photo';

/** The profile form: its text fields and the optional `photo` file (multipart or JSON body). */
const PROFILE_FORM = {
  fields: profileForm.fields,
  files: { photo: { max: 1, tooMany: TOO_MANY_FILES } },
} as const;

/**
 * Reads the profile fields and the optional `photo` (spooled to a temporary file) with
 * `readForm`: its limits and its 400 for a malformed multipart body (ADR 0012).
 */
async function readProfileBody(
  request: FastifyRequest,
): Promise<{ input: ProfileInput; photo?: ImageSource }> {
  const form = await readForm(request, PROFILE_FORM);
  return { input: form.fields as ProfileInput, photo: form.files.photo?.[0] };
}

export default async function usersRoutes(app: FastifyInstance) {
  route(app, 'GET /users/usersCount', { schema: usersCountSchema, config: { publicCache: true } })(
    async () => ({ status: 'success', results: await app.users.count() }),
  );

  route(app, 'GET /users/me', { schema: meSchema, onRequest: app.authenticate })(async (request) => ({
    status: 'success',
    data: { user: await app.users.me(request.user.id) },
  }));

  // The profile photo is decoded like a listing's pictures: the selling write limit (ADR 0031).
  route(app, 'PATCH /users/updateMe', {
    schema: updateMeSchema,
    onRequest: app.authenticate,
    config: writeLimit(app),
  })(async (request) => {
    const { input, photo } = await readProfileBody(request);
    return { status: 'success', data: { user: await app.users.updateMe(request.user.id, input, photo) } };
  });

  route(app, 'PATCH /users/updateMyPassword', {
    schema: updateMyPasswordSchema,
    onRequest: app.authenticate,
    preValidation: authRateLimit(app, 'changePassword', userKey),
  })(async (request) => ({
    status: 'success',
    ...(await app.auth.changePassword(request.user.id, request.body ?? {})),
  }));
}
