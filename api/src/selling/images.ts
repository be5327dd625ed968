/**
 * Pictures of listings (issue 5): every upload goes through `processImage` (magic bytes, decode,
 * EXIF orientation applied and stripped, 1200 px and 400 px WebP) BEFORE anything is stored,
 * then the variants are written with `storeImageVariants`; when a later step fails the caller
 * deletes the returned keys. Old pictures of an edited or deleted listing are deleted by URL.
 */
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../errors.ts';
import { ImageError, type ProcessedImage, processImage } from '../uploads/image-pipeline.ts';
import { type Storage, storeImageVariants } from '../uploads/storage.ts';

/** Storage folders of listing pictures. */
export type PictureFolder = 'products' | 'services' | 'shops' | 'events';

/** Pictures sent with a form: an optional cover and extra photos (raw bytes). */
export interface PictureUploads {
  cover?: Buffer;
  photos?: Buffer[];
}

/** URL paths of stored pictures and the storage keys written. */
export interface StoredPictures {
  /** 1200 px WebP of the cover, when one was sent. */
  coverImage?: string;
  /** 400 px WebP of the cover. */
  coverThumbnail?: string;
  /** 1200 px WebP of each photo (its 400 px sibling is stored too, same name with -400). */
  photos: string[];
  /** Every key written: delete them if the database write fails. */
  keys: string[];
}

async function check(data: Buffer, field: string): Promise<ProcessedImage> {
  try {
    return await processImage(data);
  } catch (error) {
    if (error instanceof ImageError)
      throw new HttpError(error.statusCode, error.message, { [field]: error.message });
    throw error;
  }
}

/**
 * Checks and converts every picture, then stores them under `folder`.
 * Nothing is stored unless every picture is valid; if storing fails half-way, what was written
 * is deleted before the error is rethrown.
 * @throws HttpError 400/413 (from the image pipeline, with the field `coverImage` or `photos`)
 */
export async function storePictures(
  storage: Storage,
  folder: PictureFolder,
  uploads: PictureUploads,
): Promise<StoredPictures> {
  // One at a time: bounds memory and keeps the other requests responsive on 2 cores.
  const cover = uploads.cover ? await check(uploads.cover, 'coverImage') : undefined;
  const photos: ProcessedImage[] = [];
  for (const photo of uploads.photos ?? []) photos.push(await check(photo, 'photos'));

  const result: StoredPictures = { photos: [], keys: [] };
  try {
    if (cover) {
      const stored = await storeImageVariants(storage, folder, cover);
      result.keys.push(...stored.keys);
      result.coverImage = stored.coverImage;
      result.coverThumbnail = stored.coverThumbnail;
    }
    for (const photo of photos) {
      const stored = await storeImageVariants(storage, folder, photo);
      result.keys.push(...stored.keys);
      result.photos.push(stored.coverImage);
    }
  } catch (error) {
    await deleteKeys(storage, result.keys);
    throw error;
  }
  return result;
}

/** Picture URLs we wrote: `/uploads/<folder>/<name>-1200.webp` or `-400.webp`. */
const OWN_PICTURE = /^\/uploads\/((?:products|services|shops|events)\/[A-Za-z0-9_-]+)-(?:1200|400)\.webp$/;

/**
 * Storage keys of both variants of each picture URL we wrote (other URLs, e.g. external or
 * unknown paths, are ignored).
 */
export function keysOfPictures(urls: readonly (string | null | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const url of urls) {
    const match = url ? OWN_PICTURE.exec(url) : null;
    if (match?.[1]) {
      keys.add(`${match[1]}-1200.webp`);
      keys.add(`${match[1]}-400.webp`);
    }
  }
  return [...keys];
}

/** Deletes `keys`, ignoring failures (logged when a logger is given). */
export async function deleteKeys(
  storage: Storage,
  keys: readonly string[],
  log?: FastifyBaseLogger,
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const result of results) {
    if (result.status === 'rejected') log?.warn({ err: result.reason }, 'could not delete an upload');
  }
}

/** Deletes the files of picture URLs (both variants), best effort. */
export function deletePictures(
  storage: Storage,
  urls: readonly (string | null | undefined)[],
  log?: FastifyBaseLogger,
): Promise<void> {
  return deleteKeys(storage, keysOfPictures(urls), log);
}

/**
 * Stores the pictures, then runs `write` (the database change); when `write` throws, the files
 * just stored are deleted and the error is rethrown, so a failed create leaves nothing behind.
 */
export async function withStoredPictures<T>(
  storage: Storage,
  folder: PictureFolder,
  uploads: PictureUploads,
  write: (stored: StoredPictures) => Promise<T>,
): Promise<T> {
  const stored = await storePictures(storage, folder, uploads);
  try {
    return await write(stored);
  } catch (error) {
    await deleteKeys(storage, stored.keys);
    throw error;
  }
}
