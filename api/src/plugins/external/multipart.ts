/**
 * Multipart bodies for uploads (@fastify/multipart; ARCHITECTURE "API conventions": multipart
 * only for uploads). Registered once for the whole app; routes read forms with
 * `selling/form.ts` `readForm`, which streams files to temporary files (ADR 0012).
 * Limits, enforced by the parser while the body is read: each file at most
 * `IMAGE_LIMITS.maxFileBytes` (a larger one fails with 413), at most 1 + `IMAGE_LIMITS.maxPhotos`
 * files, 30 text fields of at most 100 KB, 40 parts; `readForm` adds the total (`MAX_FORM_BYTES`).
 * Temporary files registered in `request.tmpUploads` are deleted by @fastify/multipart when the
 * response is sent or the client disconnects; `readForm` deletes them itself at once when a read
 * fails or the client is gone, and holds one of the account's upload slots (given back here).
 * The image content itself is checked by `uploads/image-pipeline.ts`.
 *
 * A route whose body schema has a `multipart/form-data` entry (an OpenAPI description of the form,
 * `type: 'object'`) sees an empty object as the body at validation time: the parser leaves the
 * body undefined because the handler reads the fields from the stream after validation.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { IMAGE_LIMITS } from '../../uploads/image-pipeline.ts';

/** The body a multipart request shows to validation: `{}` (the fields come from the stream). */
const emptyMultipartBody: preValidationAsyncHookHandler = async (request: FastifyRequest) => {
  if (request.body === undefined && request.isMultipart()) request.body = {};
};

export default fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: {
        fileSize: IMAGE_LIMITS.maxFileBytes,
        files: 1 + IMAGE_LIMITS.maxPhotos,
        fields: 30,
        fieldSize: 100 * 1024,
        parts: 40,
      },
    });
    // The per-account upload slot `readForm` takes (docs/decisions/0031) is given back when the
    // answer is sent or the client goes away.
    // Synchronous: every request passes here (docs/decisions/0044).
    app.addHook('onResponse', (request, _reply, done) => {
      request.releaseUploadSlot?.();
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      request.releaseUploadSlot?.();
      done();
    });
    app.addHook('onRoute', (route) => {
      const content = (route.schema?.body as { content?: Record<string, unknown> } | undefined)?.content;
      if (!content?.['multipart/form-data']) return;
      const hooks = route.preValidation;
      route.preValidation = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), emptyMultipartBody];
    });
  },
  { name: 'multipart' },
);
