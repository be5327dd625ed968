/**
 * Reads the body of a selling route (issue 5): `multipart/form-data` with text fields and picture
 * files (@fastify/multipart, limits in `plugins/external/multipart.ts`), or a JSON object (edits
 * without pictures, e.g. `{status: "sold"}`).
 *
 * Everything is read before anything is written, so a rejected upload leaves no row and no file:
 * - a file over `IMAGE_LIMITS.maxFileBytes` → 413 'Image is larger than 10 MB';
 * - more files in a field than allowed (e.g. a 7th photo) → 400 with the field's message
 *   ('You can upload at most 6 photos');
 * - a file in an unknown field → 400.
 * After the first error the rest of the body is still read (and dropped), so the browser gets
 * the answer instead of a reset connection. Empty file parts (an `<input type=file>` left
 * empty) are ignored.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import { IMAGE_LIMITS, IMAGE_TOO_LARGE_MESSAGE } from '../uploads/image-pipeline.ts';

/** What a form may carry: its text fields and its file fields with their counts. */
export interface FormSpec {
  fields: readonly string[];
  /** File field name → most files accepted and the 400 message past that. */
  files: Record<string, { max: number; tooMany: string }>;
}

export interface ReadForm {
  /** Text fields (the last value of a repeated field); values from JSON keep their type. */
  fields: Record<string, unknown>;
  /** Files by field name, in the order received. */
  files: Record<string, Buffer[]>;
  /** True when the body was multipart. */
  multipart: boolean;
}

export const TOO_MANY_PHOTOS_MESSAGE = `You can upload at most ${IMAGE_LIMITS.maxPhotos} photos`;
export const TOO_MANY_PARTS_MESSAGE = 'The form has too many fields or files';
export const NOT_A_FORM_MESSAGE = 'Send the form as multipart/form-data';

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discard
  }
}

/**
 * Reads the body of `request` according to `spec`.
 * @param options.requireMultipart true for creates (pictures travel only in multipart bodies)
 * @throws HttpError 400/413 as listed in the module comment; 415 'Send the form as
 *   multipart/form-data' when `requireMultipart` and the body is not multipart
 */
export async function readForm(
  request: FastifyRequest,
  spec: FormSpec,
  options: { requireMultipart?: boolean } = {},
): Promise<ReadForm> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer[]> = {};
  if (!request.isMultipart()) {
    if (options.requireMultipart) throw new HttpError(415, NOT_A_FORM_MESSAGE);
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const name of spec.fields) {
        const value = (body as Record<string, unknown>)[name];
        if (value !== undefined) fields[name] = value;
      }
    }
    return { fields, files, multipart: false };
  }

  let failure: HttpError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const rule = spec.files[part.fieldname];
        const list = files[part.fieldname] ?? [];
        files[part.fieldname] = list;
        if (failure || !rule) {
          failure ??= new HttpError(400, `Unexpected file field ${part.fieldname}`);
          await drain(part.file);
          continue;
        }
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
          failure = new HttpError(413, IMAGE_TOO_LARGE_MESSAGE, {
            [part.fieldname]: IMAGE_TOO_LARGE_MESSAGE,
          });
          continue;
        }
        if (data.length === 0 && !part.filename) continue;
        if (list.length >= rule.max) {
          failure = new HttpError(400, rule.tooMany, { [part.fieldname]: rule.tooMany });
          continue;
        }
        list.push(data);
      } else if (spec.fields.includes(part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      throw failure ?? new HttpError(400, TOO_MANY_PHOTOS_MESSAGE, { photos: TOO_MANY_PHOTOS_MESSAGE });
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, TOO_MANY_PARTS_MESSAGE);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') {
      throw new HttpError(400, 'The form data could not be read');
    }
    throw error;
  }
  if (failure) throw failure;
  return { fields, files, multipart: true };
}
