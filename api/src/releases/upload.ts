/**
 * Receiving an uploaded release (docs/decisions/0029-remote-releases.md): the request body, a
 * tar.gz of the remote's dist folder, is streamed to a temporary file under a size limit, its
 * entries are checked (`tar`'s parser: only regular files and folders, relative paths without
 * `..`, at most `maxFiles` files and `maxUnpackedBytes` unpacked), then it is extracted into a
 * temporary folder and each file hashed. Hidden files (a segment starting with '.', such as
 * the build's `.build-stamp`) are skipped. Everything lives in DATA_DIR/tmp and is removed by
 * `cleanup()`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { extract, list } from 'tar';
import { HttpError } from '../errors.ts';
import type { StagedFile, StagedRelease } from './service.ts';
import { isSafeReleasePath } from './storage.ts';

/** Limits of one upload. */
export interface UploadLimits {
  /** Largest body (the compressed archive), bytes; 413 above. */
  maxBytes: number;
  /** Largest sum of the unpacked files, bytes; 413 above. */
  maxUnpackedBytes: number;
  /** Most files; 400 above. */
  maxFiles: number;
}

/** 50 MB compressed, 300 MB unpacked, 5 000 files (a catalog build: ~7 MB unpacked, ~130 files + its Node build). */
export const UPLOAD_LIMITS: UploadLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxUnpackedBytes: 300 * 1024 * 1024,
  maxFiles: 5_000,
};

export const UPLOAD_MESSAGES = {
  tooLarge: (limit: number) => `The release is larger than ${Math.round(limit / 1024 / 1024)} MB`,
  unpackedTooLarge: (limit: number) =>
    `The release unpacks to more than ${Math.round(limit / 1024 / 1024)} MB`,
  tooManyFiles: (limit: number) => `The release has more than ${limit} files`,
  notGzip: 'The body must be a tar.gz archive of the dist folder (Content-Type: application/gzip)',
  badEntry: (name: string, why: string) =>
    `Unsafe archive entry ${JSON.stringify(name.slice(0, 200))}: ${why}`,
  empty: 'The archive holds no files',
} as const;

/** A staged release plus the function that deletes its temporary files. */
export interface ReceivedRelease extends StagedRelease {
  cleanup(): Promise<void>;
}

/** Thrown for a refused archive: a 4xx that is audited as 'refuse'. */
export class UploadRefused extends HttpError {}

/** Normalized entry path ('./a/b' → 'a/b', 'dir/' → 'dir'), or throws UploadRefused when unsafe. */
function entryPath(raw: string): string {
  if (raw.includes('\\'))
    throw new UploadRefused(400, UPLOAD_MESSAGES.badEntry(raw, 'backslash in the path'));
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw))
    throw new UploadRefused(400, UPLOAD_MESSAGES.badEntry(raw, 'absolute path'));
  const segments = raw
    .split('/')
    .filter((segment, index) => segment !== '' && !(segment === '.' && index >= 0));
  if (segments.includes('..'))
    throw new UploadRefused(400, UPLOAD_MESSAGES.badEntry(raw, "'..' in the path"));
  return segments.join('/');
}

/**
 * Writes `body` to `file`, at most `limit` bytes. Past the limit it stops writing, removes
 * nothing itself, keeps reading (discarding) the rest of the body so the client gets the answer
 * instead of a reset connection, and rejects with `tooLarge()`.
 */
function spool(
  body: NodeJS.ReadableStream,
  file: string,
  limit: number,
  tooLarge: () => Error,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let seen = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      out.destroy();
      body.resume();
      reject(error);
    };
    body.on('data', (chunk: Buffer) => {
      if (failed) return;
      seen += chunk.length;
      if (seen > limit) return fail(tooLarge());
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    });
    body.on('end', () => {
      if (!failed) out.end();
    });
    body.on('error', fail);
    out.on('error', fail);
    out.on('finish', () => {
      if (!failed) resolve();
    });
  });
}

const sha256Of = async (file: string): Promise<string> => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

async function walk(root: string, relative = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await walk(root, child)));
    else if (entry.isFile()) found.push(child);
  }
  return found;
}

/**
 * Receives a tar.gz body into `tempDir` (see the module comment).
 * @param declaredLength the request's Content-Length, if any (refused at once when over the limit)
 * @returns the extracted files (paths relative to the dist root) with their sha256 and size
 * @throws UploadRefused 413 too large, 400 not a tar.gz, unsafe entry, too many files, no files
 */
export async function receiveRelease(
  body: NodeJS.ReadableStream,
  options: { tempDir: string; limits?: UploadLimits; declaredLength?: number; gitCommit: string | null },
): Promise<ReceivedRelease> {
  const limits = options.limits ?? UPLOAD_LIMITS;
  if (options.declaredLength !== undefined && options.declaredLength > limits.maxBytes) {
    (body as { resume?: () => void }).resume?.();
    throw new UploadRefused(413, UPLOAD_MESSAGES.tooLarge(limits.maxBytes));
  }
  const id = randomUUID();
  const archive = path.join(options.tempDir, `release-${id}.tar.gz`);
  const dir = path.join(options.tempDir, `release-${id}`);
  const cleanup = async () => {
    await rm(archive, { force: true });
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await mkdir(dir, { recursive: true });
    await spool(
      body,
      archive,
      limits.maxBytes,
      () => new UploadRefused(413, UPLOAD_MESSAGES.tooLarge(limits.maxBytes)),
    );

    // Pass 1: check every entry before writing anything.
    let files = 0;
    let unpacked = 0;
    let problem: UploadRefused | null = null;
    try {
      await list({
        file: archive,
        strict: true,
        onReadEntry: (entry) => {
          if (problem) return;
          try {
            const name = entryPath(entry.path);
            if (entry.type === 'Directory') return;
            if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile')
              throw new UploadRefused(
                400,
                UPLOAD_MESSAGES.badEntry(
                  entry.path,
                  `${entry.type} entries are not allowed (only files and folders)`,
                ),
              );
            if (name.split('/').some((segment) => segment.startsWith('.'))) return;
            if (!isSafeReleasePath(name))
              throw new UploadRefused(
                400,
                UPLOAD_MESSAGES.badEntry(entry.path, 'unusual characters in the path'),
              );
            files += 1;
            unpacked += entry.size ?? 0;
            if (files > limits.maxFiles)
              throw new UploadRefused(400, UPLOAD_MESSAGES.tooManyFiles(limits.maxFiles));
            if (unpacked > limits.maxUnpackedBytes)
              throw new UploadRefused(413, UPLOAD_MESSAGES.unpackedTooLarge(limits.maxUnpackedBytes));
          } catch (error) {
            problem = error as UploadRefused;
          }
        },
      });
    } catch (error) {
      if (!problem) throw new UploadRefused(400, `${UPLOAD_MESSAGES.notGzip}: ${(error as Error).message}`);
    }
    if (problem) throw problem;
    if (files === 0) throw new UploadRefused(400, UPLOAD_MESSAGES.empty);

    // Pass 2: extract the checked entries (regular files only, hidden ones skipped).
    await extract({
      file: archive,
      cwd: dir,
      strict: true,
      preservePaths: false,
      noChmod: true,
      filter: (name, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        if (type === 'Directory') return true;
        const relative = entryPath(name);
        return (
          (type === 'File' || type === 'OldFile' || type === 'ContiguousFile') && isSafeReleasePath(relative)
        );
      },
    });
    await rm(archive, { force: true });

    const staged: StagedFile[] = [];
    for (const file of (await walk(dir)).sort()) {
      if (!isSafeReleasePath(file)) continue;
      const full = path.join(dir, ...file.split('/'));
      const { size } = await stat(full);
      staged.push({ path: file, sha256: await sha256Of(full), size });
    }
    if (staged.length === 0) throw new UploadRefused(400, UPLOAD_MESSAGES.empty);
    return { dir, files: staged, gitCommit: options.gitCommit, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
