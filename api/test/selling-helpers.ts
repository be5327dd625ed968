/**
 * Helpers of the selling tests (docs/product.md §15): accounts with session tokens, multipart bodies built
 * with the platform's FormData (as a browser sends them), test pictures made by sharp, and a look
 * at the files in DATA_DIR/uploads.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { NewUser, UserRow } from '../src/db/schema.ts';
import { insertUser } from './fixtures.ts';
import { sessionToken } from './helper.ts';

/** A user row and the Authorization header of a valid session. */
export interface Account {
  user: UserRow;
  auth: { authorization: string };
}

/** Inserts a user (verified unless told otherwise) and signs a session token for them. */
export async function account(
  app: FastifyInstance,
  values: Partial<NewUser> & { verified?: boolean } = {},
): Promise<Account> {
  const { verified = true, ...rest } = values;
  const user = await insertUser(app.db, { email_verified_at: verified ? new Date() : null, ...rest });
  const token = sessionToken(app, user);
  return { user, auth: { authorization: `Bearer ${token}` } };
}

/** A picture: bytes, file name and type. */
export interface TestFile {
  data: Buffer;
  name: string;
  type: string;
}

/** A small JPEG (width x height px, noisy enough to be a few KB). */
export async function jpeg(width = 640, height = 480, name = 'photo.jpg'): Promise<TestFile> {
  const data = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { data, name, type: 'image/jpeg' };
}

/** A PNG. */
export async function png(width = 300, height = 200, name = 'picture.png'): Promise<TestFile> {
  const data = await sharp({ create: { width, height, channels: 4, background: '#ff8800' } })
    .png()
    .toBuffer();
  return { data, name, type: 'image/png' };
}

/** A text file renamed .jpg (and claiming image/jpeg). */
export function fakeJpeg(): TestFile {
  return {
    data: Buffer.from('this is not a picture, just text pretending '.repeat(20)),
    name: 'cat.jpg',
    type: 'image/jpeg',
  };
}

/** The first half of a real JPEG (a truncated upload). */
export async function truncatedJpeg(): Promise<TestFile> {
  const whole = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return { data: whole.subarray(0, Math.floor(whole.length / 2)), name: 'broken.jpg', type: 'image/jpeg' };
}

/** A file of `bytes` that starts like a JPEG (size checks come before decoding). */
export function oversized(bytes = 10 * 1024 * 1024 + 1): TestFile {
  const data = Buffer.alloc(bytes, 0x20);
  data.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return { data, name: 'huge.jpg', type: 'image/jpeg' };
}

/** Text fields and files (a field with several files repeats, as `photos` does). */
export type FormValues = Record<string, string | number | TestFile | TestFile[] | undefined>;

/** Builds a multipart/form-data body: `{payload, headers}` for `app.inject`. */
export async function multipart(
  values: FormValues,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const files = Array.isArray(value) ? value : typeof value === 'object' ? [value] : null;
    if (files)
      for (const file of files) form.append(name, new Blob([file.data], { type: file.type }), file.name);
    else form.append(name, String(value));
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Sends a multipart form with the account's token. */
export async function sendForm(
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  values: FormValues,
  who?: Account,
) {
  const { payload, headers } = await multipart(values);
  return app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...headers, ...(who?.auth ?? {}) } });
}

/** Every file under DATA_DIR/uploads (relative paths, sorted). */
export async function uploadedFiles(app: FastifyInstance): Promise<string[]> {
  const root = app.config.uploadsDir;
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
