/**
 * Users routes under /api/v1 (spec 7): `GET /users/usersCount`, `GET /users/me` and
 * `PATCH /users/updateMe` (multipart: firstName, lastName, whatsApp, university, photo).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProfileInput } from '../auth/validation.ts';
import { HttpError } from '../errors.ts';
import { IMAGE_TOO_LARGE_MESSAGE } from '../uploads/image-pipeline.ts';
import { meSchema, updateMeSchema, usersCountSchema } from './schemas.ts';

const PROFILE_FIELDS = ['firstName', 'lastName', 'whatsApp', 'university'] as const;
const TOO_MANY_FILES = 'Send at most one photo';

/** Reads the profile fields and the optional `photo` file of a multipart or JSON body. */
async function readProfileBody(request: FastifyRequest): Promise<{ input: ProfileInput; photo?: Buffer }> {
  const input: Record<string, unknown> = {};
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const field of PROFILE_FIELDS) if (body[field] !== undefined) input[field] = body[field];
    return { input };
  }
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo' || photo) {
          await part.toBuffer();
          throw new HttpError(
            400,
            part.fieldname === 'photo' ? TOO_MANY_FILES : `Unexpected file field ${part.fieldname}`,
          );
        }
        photo = await part.toBuffer();
        if (photo.length === 0) photo = undefined;
      } else if ((PROFILE_FIELDS as readonly string[]).includes(part.fieldname)) {
        input[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
    throw error;
  }
  return { input, photo };
}

export default async function usersRoutes(app: FastifyInstance) {
  app.get('/users/usersCount', { schema: usersCountSchema, config: { publicCache: true } }, async () => ({
    status: 'success',
    results: await app.users.count(),
  }));

  app.get('/users/me', { schema: meSchema, onRequest: app.authenticate }, async (request) => ({
    status: 'success',
    data: { user: await app.users.me(request.user.id) },
  }));

  app.patch('/users/updateMe', { schema: updateMeSchema, onRequest: app.authenticate }, async (request) => {
    const { input, photo } = await readProfileBody(request);
    return { status: 'success', data: { user: await app.users.updateMe(request.user.id, input, photo) } };
  });
}
