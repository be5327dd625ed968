/**
 * Uploaded files on disk (ADR 0012): file parts of a multipart body are streamed into
 * temporary files under `AppConfig.tempDir` (DATA_DIR/tmp) while the body is read, instead of
 * being buffered in memory. The image pipeline then reads them from disk (sharp decodes from the
 * file). Each temporary file is registered on the request (`request.tmpUploads` of
 * @fastify/multipart), which deletes it when the response is sent or the client goes away;
 * files left by a crash are removed by the upload sweep (`uploads/sweep.ts`).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An uploaded file kept in a temporary file. */
export interface SpooledFile {
  /** Absolute path of the temporary file. */
  path: string;
  /** Its size in bytes. */
  bytes: number;
}

/** Bytes of a picture to process: in memory (seed, tests) or spooled to disk (uploads). */
export type ImageSource = Buffer | SpooledFile;

/** Name suffix of spooled upload files (the sweep removes old ones). */
export const SPOOL_SUFFIX = '.upload';

/**
 * Writes `stream` to a new file `<dir>/<uuid>.upload`. `onCreate` is called with the path before
 * the first byte is written, so the caller can register it for deletion even if writing fails.
 * @returns the file's path and size
 * @throws the stream's or the file system's error (the partial file stays for the caller to delete)
 */
export async function spoolStream(
  stream: Readable,
  dir: string,
  onCreate: (file: string) => void,
): Promise<SpooledFile> {
  const file = path.join(dir, `${randomUUID()}${SPOOL_SUFFIX}`);
  onCreate(file);
  const out = createWriteStream(file, { flags: 'wx' });
  await pipeline(stream, out);
  return { path: file, bytes: out.bytesWritten };
}

/** Size in bytes of a picture source. */
export const sourceBytes = (source: ImageSource): number =>
  Buffer.isBuffer(source) ? source.length : source.bytes;

/**
 * The first `length` bytes of a source (fewer when it is shorter), e.g. to identify a picture by
 * its magic bytes without reading a 10 MB file.
 */
export async function readHead(source: ImageSource, length = 512): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source.subarray(0, length);
  const handle = await open(source.path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
