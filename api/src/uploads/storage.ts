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
import type { StorageConfig } from '../config.ts';
import { IMAGE_LIMITS, type ProcessedImage } from './image-pipeline.ts';

/** A stored file as listed for the orphan sweep. */
export interface StoredFile {
  /** Storage key, e.g. `products/<uuid>-1200.webp`. */
  key: string;
  /** Last modification, ms since the epoch. */
  mtimeMs: number;
}

/** A stored object read back (object storage streamed through `/uploads`). */
export interface StoredObject {
  body: NodeJS.ReadableStream;
  contentType: string;
  contentLength: number | null;
  etag: string | null;
  lastModified: Date | null;
}

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

/** Suffix of the temporary files `LocalStorage.put` writes before renaming them into place. */
export const TEMP_FILE_SUFFIX = '.tmp';

/** True for a temporary file's name or path (never served, swept when old: ADR 0012). */
export const isTempFile = (name: string): boolean => name.toLowerCase().endsWith(TEMP_FILE_SUFFIX);

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
  readonly driver = 'local';
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
    const temp = `${target}.${randomUUID()}${TEMP_FILE_SUFFIX}`;
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

/** URL paths and keys of the stored variants of one picture. */
export interface StoredImageVariants {
  /** Public URL path of the 1200 px variant. */
  coverImage: string;
  /** Public URL path of the 400 px variant. */
  coverThumbnail: string;
  /** Storage keys written, to delete them if the database insert that needed them fails. */
  keys: string[];
}

/**
 * Widths (px) in the file names of a stored picture: `<folder>/<uuid>-<width>.webp`. The 1200 px
 * and 400 px files are referenced by URL in the database; the 800 px and 200 px siblings (docs/product.md §23
 * items 4 and 8) are found by this naming rule. Pictures stored before those existed have only
 * 1200 and 400: `/uploads` answers a missing sibling with the nearest stored one
 * (`nearestStoredVariant`).
 */
export const VARIANT_WIDTHS = [
  IMAGE_LIMITS.largeWidth,
  IMAGE_LIMITS.mediumWidth,
  IMAGE_LIMITS.thumbnailWidth,
  IMAGE_LIMITS.smallWidth,
] as const;

/** The variants `storeImageVariants` writes: 1200 and 400 always, 800 and 200 when given. */
export type ImageVariantsToStore = Pick<ProcessedImage, 'large' | 'thumbnail'> &
  Partial<Pick<ProcessedImage, 'medium' | 'small'>>;

/**
 * Stores a processed picture as `<folder>/<uuid>-1200.webp`, `-800.webp`, `-400.webp` and
 * `-200.webp` (the 800/200 files only when `processed` has them).
 * If one write fails, the others are deleted before the error is rethrown.
 *
 * @param storage where to write
 * @param folder key prefix, e.g. 'products', 'services', 'shops', 'avatars' (nested 'a/b' allowed)
 * @param processed the output of `processImage` (or just its `large` and `thumbnail`)
 * @throws Error on an unsafe folder name or a storage failure
 */
export async function storeImageVariants(
  storage: Storage,
  folder: string,
  processed: ImageVariantsToStore,
): Promise<StoredImageVariants> {
  assertSafeKey(folder);
  const id = randomUUID();
  const files: [number, Buffer | undefined][] = [
    [IMAGE_LIMITS.largeWidth, processed.large],
    [IMAGE_LIMITS.thumbnailWidth, processed.thumbnail],
    [IMAGE_LIMITS.mediumWidth, processed.medium],
    [IMAGE_LIMITS.smallWidth, processed.small],
  ];
  const present = files.filter((file): file is [number, Buffer] => file[1] !== undefined);
  const keys = present.map(([width]) => `${folder}/${id}-${width}.webp`);
  const results = await Promise.allSettled(
    present.map(([, data], index) => storage.put(keys[index]!, data, 'image/webp')),
  );
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

/** `<key stem>-<width>.webp` of a stored variant (the stem is `<folder>/<uuid>`). */
const VARIANT_KEY = /^(.+)-(\d+)\.webp$/;

/**
 * For a requested variant key that does not exist (a picture stored before the 800/200 px files,
 * docs/product.md §23.8), the key of the stored sibling to answer with instead: the next larger
 * variant first (never a blurrier picture when a sharper one exists), else the next smaller one.
 *
 * @param key a storage key such as `products/<uuid>-200.webp`
 * @param exists tells whether a key is stored
 * @returns the sibling key, or null when `key` is not a known variant name or no sibling exists
 */
export async function nearestStoredVariant(
  key: string,
  exists: (key: string) => Promise<boolean>,
): Promise<string | null> {
  const match = VARIANT_KEY.exec(key);
  if (!match) return null;
  const width = Number(match[2]);
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  const larger = [...VARIANT_WIDTHS].filter((w) => w > width).sort((a, b) => a - b);
  const smaller = [...VARIANT_WIDTHS].filter((w) => w < width).sort((a, b) => b - a);
  for (const candidate of [...larger, ...smaller]) {
    const sibling = `${match[1]}-${candidate}.webp`;
    if (await exists(sibling)) return sibling;
  }
  return null;
}

/** A storage that can also list and read back its objects (the object-storage driver). */
export interface ObjectStorage extends Storage {
  readonly driver: 's3';
  /** The object's key in the bucket (the configured prefix added). */
  objectKey(key: string): string;
  get(key: string): Promise<StoredObject | null>;
  list(): Promise<StoredFile[]>;
  ensureBucket(): Promise<void>;
  close(): void;
}

/**
 * The storage STORAGE_URL describes: `LocalStorage` on the uploads folder, or `S3Storage`
 * (loaded only then: the AWS SDK costs start-up time) after checking its bucket (created when
 * missing).
 * @throws the S3 SDK's error when the bucket cannot be reached
 */
export async function createStorage(config: {
  storage: StorageConfig;
}): Promise<LocalStorage | ObjectStorage> {
  if (config.storage.driver === 'local') return new LocalStorage(config.storage.dir);
  const { S3Storage } = await import('./s3-storage.ts');
  const storage = new S3Storage(config.storage);
  try {
    await storage.ensureBucket();
  } catch (error) {
    storage.close();
    throw new Error(`The bucket of STORAGE_URL cannot be reached: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return storage;
}
