/**
 * Reads the body of a form route (docs/product.md §15; profile too): `multipart/form-data` with text fields
 * and picture files (@fastify/multipart, limits in `plugins/external/multipart.ts`), or a JSON
 * object (edits without pictures, e.g. `{status: "sold"}`).
 *
 * Files are streamed to temporary files (`uploads/spool.ts`) as they arrive, never buffered in
 * memory, with the limits enforced while reading (ADR 0012); the temporary files are
 * deleted when the response is sent. Everything is read before anything is written, so a
 * rejected upload leaves no row and no file:
 * - a declared Content-Length over `MAX_FORM_BYTES` → 413 before anything is read;
 * - a file over `IMAGE_LIMITS.maxFileBytes` → 413 'Image is larger than 10 MB';
 * - more files in a field than allowed (e.g. a 7th photo) → 400 with the field's message
 *   ('You can upload at most 6 photos');
 * - a file in an unknown field → 400;
 * - a text field holding NUL or a lone surrogate (`UNSTORABLE_TEXT`, docs/decisions/0031) → 400;
 * - a body that is not well-formed multipart (no boundary, truncated, not multipart at all under
 *   a multipart content type) → 400 MALFORMED_FORM_MESSAGE (ADR 0012).
 * - a third form of one account while two are still being sent → 429 (`MAX_UPLOADS_IN_FLIGHT`).
 * After the first error the rest of the body is still read (and dropped), so the browser gets
 * the answer instead of a reset connection. When the read fails or the client has gone away,
 * the files it spooled are deleted before `readForm` returns (docs/decisions/0031). Empty file parts (an `<input type=file>` left
 * empty) are ignored.
 */
import { mkdir, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { findUnstorableText, unstorableTextMessage } from '../common/schemas.ts';
import { HttpError } from '../errors.ts';
import { IMAGE_LIMITS, IMAGE_TOO_LARGE_MESSAGE } from '../uploads/image-pipeline.ts';
import { type ImageSource, spoolStream } from '../uploads/spool.ts';

/** What a form may carry: its text fields and its file fields with their counts. */
export interface FormSpec {
  fields: readonly string[];
  /** File field name → most files accepted and the 400 message past that. */
  files: Record<string, { max: number; tooMany: string }>;
}

export interface ReadForm {
  /** Text fields (the last value of a repeated field); values from JSON keep their type. */
  fields: Record<string, unknown>;
  /**
   * Files by field name, in the order received: temporary files (deleted after the response)
   * when read by `readForm`; a form built in code may hold bytes.
   */
  files: Record<string, ImageSource[]>;
  /** True when the body was multipart. */
  multipart: boolean;
}

export const TOO_MANY_PHOTOS_MESSAGE = `You can upload at most ${IMAGE_LIMITS.maxPhotos} photos`;
export const TOO_MANY_PARTS_MESSAGE = 'The form has too many fields or files';
export const NOT_A_FORM_MESSAGE = 'Send the form as multipart/form-data';
export const MALFORMED_FORM_MESSAGE = 'The form data could not be read: send it again as multipart/form-data';
/**
 * Largest multipart body accepted, in bytes: a cover and every photo at the per-file maximum,
 * plus 2 MiB for the text fields and the part headers (ADR 0012: total request size).
 */
export const MAX_FORM_BYTES = (1 + IMAGE_LIMITS.maxPhotos) * IMAGE_LIMITS.maxFileBytes + 2 * 1024 * 1024;
/**
 * Multipart forms one account may be sending at once (docs/decisions/0031): with the 72 MB form
 * limit, at most 144 MB of one account's uploads in DATA_DIR/tmp at a time (per process).
 */
export const MAX_UPLOADS_IN_FLIGHT = 2;
/** 429 answer to an upload beyond MAX_UPLOADS_IN_FLIGHT of one account (ADR 0031). */
export const TOO_MANY_UPLOADS_MESSAGE = `You are already sending ${MAX_UPLOADS_IN_FLIGHT} uploads: wait until they finish, then try again`;
export const FORM_TOO_LARGE_MESSAGE = `The form is too large (at most ${Math.floor(MAX_FORM_BYTES / (1024 * 1024))} MB)`;

/** Error codes of @fastify/multipart and busboy for a body that is not well-formed multipart. */
const MALFORMED_CODES = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_REQ_PREMATURE_CLOSE',
]);
/** busboy's messages for malformed bodies (it throws plain Errors without a code). */
const MALFORMED_MESSAGES =
  /boundary not found|unsupported content type|unexpected end of (multipart|form)|malformed|part terminated early|malformed part header/i;

/** True when `error` says the multipart body itself is broken (client error, not ours). */
export function isMalformedMultipart(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (code !== undefined && MALFORMED_CODES.has(code)) || MALFORMED_MESSAGES.test(message ?? '');
}

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
  const files: Record<string, ImageSource[]> = {};
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

  if (Number(request.headers['content-length'] ?? 0) > MAX_FORM_BYTES) {
    throw new HttpError(413, FORM_TOO_LARGE_MESSAGE);
  }
  holdUploadSlot(request);
  const spoolDir = request.server.config.tempDir;
  await mkdir(spoolDir, { recursive: true });
  // Every file this read spools: removed at once when the read fails or the client is gone
  // (after its write settled, so no file is created after its removal), else when the answer
  // is sent (@fastify/multipart's `tmpUploads`).
  const spooled: string[] = [];
  const register = (file: string) => {
    spooled.push(file);
    request.tmpUploads ??= [];
    request.tmpUploads.push(file);
  };
  try {
    const form = await readParts(request, spec, spoolDir, register);
    if (connectionClosed(request)) throw new HttpError(400, MALFORMED_FORM_MESSAGE);
    return form;
  } catch (error) {
    await removeFiles(spooled);
    throw error;
  }
}

/** True when the client's connection is gone (the answer can no longer be sent). */
function connectionClosed(request: FastifyRequest): boolean {
  return request.raw.socket?.destroyed === true;
}

/** Deletes `files`, ignoring the ones already gone. */
async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((file) => unlink(file).catch(() => {})));
}

/** Upload reads in flight per account (`request.user.id`, else the client address), per app. */
const inFlight = new WeakMap<object, Map<string, number>>();

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives back this request's upload slot (`holdUploadSlot`); set while one is held. */
    releaseUploadSlot?: () => void;
  }
}

/**
 * Takes one of the account's `MAX_UPLOADS_IN_FLIGHT` upload slots; `plugins/external/multipart.ts`
 * gives it back when the answer is sent or the client goes away (docs/decisions/0031).
 * @throws HttpError 429 `TOO_MANY_UPLOADS_MESSAGE` when all are taken
 */
function holdUploadSlot(request: FastifyRequest): void {
  const counts = inFlight.get(request.server.config) ?? new Map<string, number>();
  inFlight.set(request.server.config, counts);
  const key = request.user?.id ?? `ip:${request.ip}`;
  const held = counts.get(key) ?? 0;
  if (held >= MAX_UPLOADS_IN_FLIGHT) throw new HttpError(429, TOO_MANY_UPLOADS_MESSAGE);
  counts.set(key, held + 1);
  request.releaseUploadSlot = () => {
    request.releaseUploadSlot = undefined;
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
}

/** Reads the multipart parts of `request` (see `readForm`). */
async function readParts(
  request: FastifyRequest,
  spec: FormSpec,
  spoolDir: string,
  register: (file: string) => void,
): Promise<ReadForm> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, ImageSource[]> = {};

  let failure: HttpError | undefined;
  let totalBytes = 0;
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
        const spooled = await spoolStream(part.file, spoolDir, register);
        // busboy stops a file at the per-file limit and marks it truncated.
        if (part.file.truncated) {
          failure = new HttpError(413, IMAGE_TOO_LARGE_MESSAGE, {
            [part.fieldname]: IMAGE_TOO_LARGE_MESSAGE,
          });
          continue;
        }
        totalBytes += spooled.bytes;
        if (totalBytes > MAX_FORM_BYTES) {
          failure = new HttpError(413, FORM_TOO_LARGE_MESSAGE);
          continue;
        }
        if (spooled.bytes === 0 && !part.filename) continue;
        if (list.length >= rule.max) {
          failure = new HttpError(400, rule.tooMany, { [part.fieldname]: rule.tooMany });
          continue;
        }
        list.push(spooled);
      } else if (spec.fields.includes(part.fieldname)) {
        if (!failure && findUnstorableText(part.value, part.fieldname) !== undefined) {
          const message = unstorableTextMessage(part.fieldname);
          failure = new HttpError(400, message, { [part.fieldname]: message });
        }
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw failure ?? new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
    if (error instanceof HttpError) throw error;
    if (isMalformedMultipart(error)) throw new HttpError(400, MALFORMED_FORM_MESSAGE);
    throw error;
  }
  if (failure) throw failure;
  return { fields, files, multipart: true };
}
