/**
 * Where processed uploads are kept. `Storage` is the small interface the routes and the seed use;
 * `LocalStorage` keeps files in a directory served by the API under `/uploads` (another
 * implementation, e.g. an object store, can replace it without touching the routes).
 *
 * Keys are relative, slash-separated paths such as `products/<uuid>-1200.webp`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_LIMITS, type ProcessedImage } from './image-pipeline.ts';

/** A place to put public files. */
export interface Storage {
  /**
   * Stores `data` under `key`, replacing any previous content.
   * @returns the public URL path of the file (e.g. `/uploads/products/<uuid>-1200.webp`)
   */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Removes the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Checks that `key` is a safe relative key: slash-separated segments of letters, digits, '.', '_'
 * and '-', none empty, none starting with '.', so no '..', no absolute path, no backslash.
 * @throws Error when the key is unsafe
 */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (key.length === 0 || key.length > 512 || !segments.every((segment) => KEY_SEGMENT.test(segment))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Stores files under a local directory, served at `publicPrefix`. */
export class LocalStorage implements Storage {
  private readonly root: string;
  private readonly publicPrefix: string;

  /**
   * @param dir directory holding the files (created on first write)
   * @param publicPrefix URL path under which the directory is served, without trailing slash
   */
  constructor(dir: string, publicPrefix = '/uploads') {
    this.root = path.resolve(dir);
    this.publicPrefix = publicPrefix.replace(/\/+$/, '');
  }

  /**
   * Absolute file path of `key` inside the storage directory.
   * @throws Error when the key is unsafe (`..`, absolute, backslashes, empty segments)
   */
  pathFor(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    const rootWithSep = this.root.endsWith(path.sep) ? this.root : this.root + path.sep;
    if (!full.startsWith(rootWithSep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return full;
  }

  /** Public URL path of `key` (no check that the file exists). */
  urlFor(key: string): string {
    assertSafeKey(key);
    return `${this.publicPrefix}/${key}`;
  }

  /**
   * Writes atomically: the bytes go to a temporary file in the same directory, then are renamed
   * over the final name, so readers never see a partial file.
   * `contentType` is not recorded: the static file server derives it from the extension.
   * @returns the public URL path
   * @throws Error on an unsafe key or a file-system failure
   */
  async put(key: string, data: Buffer, _contentType: string): Promise<string> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return this.urlFor(key);
  }

  /**
   * Deletes the file under `key`; a missing file is fine.
   * @throws Error on an unsafe key or another file-system failure
   */
  async delete(key: string): Promise<void> {
    const target = this.pathFor(key);
    try {
      await unlink(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** URL paths and keys of the two stored variants of one picture. */
export interface StoredImageVariants {
  /** Public URL path of the 1200 px variant. */
  coverImage: string;
  /** Public URL path of the 400 px variant. */
  coverThumbnail: string;
  /** Storage keys written, to delete them if the database insert that needed them fails. */
  keys: string[];
}

/**
 * Stores a processed picture as `<folder>/<uuid>-1200.webp` and `<folder>/<uuid>-400.webp`.
 * If one write fails, the other file is deleted before the error is rethrown.
 *
 * @param storage where to write
 * @param folder key prefix, e.g. 'products', 'services', 'shops', 'avatars' (nested 'a/b' allowed)
 * @param processed the output of `processImage` (only `large` and `thumbnail` are used)
 * @throws Error on an unsafe folder name or a storage failure
 */
export async function storeImageVariants(
  storage: Storage,
  folder: string,
  processed: Pick<ProcessedImage, 'large' | 'thumbnail'>,
): Promise<StoredImageVariants> {
  assertSafeKey(folder);
  const id = randomUUID();
  const largeKey = `${folder}/${id}-${IMAGE_LIMITS.largeWidth}.webp`;
  const thumbnailKey = `${folder}/${id}-${IMAGE_LIMITS.thumbnailWidth}.webp`;
  const keys = [largeKey, thumbnailKey];
  const results = await Promise.allSettled([
    storage.put(largeKey, processed.large, 'image/webp'),
    storage.put(thumbnailKey, processed.thumbnail, 'image/webp'),
  ]);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    throw failure.reason;
  }
  const [coverImage, coverThumbnail] = results.map(
    (result) => (result as PromiseFulfilledResult<string>).value,
  );
  return { coverImage: coverImage!, coverThumbnail: coverThumbnail!, keys };
}
