/**
 * Pictures of listings (docs/product.md §15): every upload goes through `processImage` (magic bytes, decode,
 * EXIF orientation applied and stripped, 1200/800/400/200 px WebP) BEFORE anything is stored,
 * then the variants are written with `storeImageVariants`; when a later step fails the caller
 * deletes the returned keys. Old pictures of an edited or deleted listing are deleted by URL.
 */
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../errors.ts';
import {
  FORM_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_LIMITS,
  ImageError,
  imagePixels,
  type ProcessedImage,
  processImage,
} from '../uploads/image-pipeline.ts';
import type { ImageSource } from '../uploads/spool.ts';
import { type Storage, storeImageVariants, VARIANT_WIDTHS } from '../uploads/storage.ts';

/** Storage folders of listing pictures. */
export type PictureFolder = 'products' | 'services' | 'shops' | 'events';

/** Pictures sent with a form: an optional cover and extra photos (bytes, or spooled upload files). */
export interface PictureUploads {
  cover?: ImageSource;
  photos?: ImageSource[];
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
  /** The dHash of each stored picture by its 1200 px URL (cover and photos; ADR 0034). */
  hashes: Map<string, bigint>;
}

/** Runs `step` on one picture, turning an ImageError into an HttpError on `field`. */
async function forField<T>(field: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ImageError)
      throw new HttpError(error.statusCode, error.message, { [field]: error.message });
    throw error;
  }
}

/**
 * Reads every picture's dimensions from its header (no decoding) and refuses the form when they
 * add up to more than `IMAGE_LIMITS.maxFormPixels` (ADR 0012).
 * @throws HttpError 400/413 from the header checks; 413 FORM_TOO_MANY_PIXELS_MESSAGE
 */
export async function checkFormPixels(uploads: PictureUploads): Promise<void> {
  let total = 0;
  const pictures: [string, ImageSource][] = [
    ...(uploads.cover ? [['coverImage', uploads.cover] as [string, ImageSource]] : []),
    ...(uploads.photos ?? []).map((photo) => ['photos', photo] as [string, ImageSource]),
  ];
  for (const [field, source] of pictures) {
    total += await forField(field, () => imagePixels(source));
    if (total > IMAGE_LIMITS.maxFormPixels) {
      throw new HttpError(413, FORM_TOO_MANY_PIXELS_MESSAGE, { [field]: FORM_TOO_MANY_PIXELS_MESSAGE });
    }
  }
}

/**
 * Checks and converts every picture, then stores them under `folder`.
 * Nothing is stored unless every picture is valid; if storing fails half-way, what was written
 * is deleted before the error is rethrown. The pixel total of the form is checked first
 * (`checkFormPixels`), so an oversized form is refused before any decoding.
 * @throws HttpError 400/413 (from the image pipeline, with the field `coverImage` or `photos`)
 */
export async function storePictures(
  storage: Storage,
  folder: PictureFolder,
  uploads: PictureUploads,
): Promise<StoredPictures> {
  await checkFormPixels(uploads);
  // One at a time: bounds memory and keeps the other requests responsive on 2 cores.
  const { cover: coverSource } = uploads;
  const cover = coverSource ? await forField('coverImage', () => processImage(coverSource)) : undefined;
  const photos: ProcessedImage[] = [];
  for (const photo of uploads.photos ?? []) photos.push(await forField('photos', () => processImage(photo)));

  const result: StoredPictures = { photos: [], keys: [], hashes: new Map() };
  try {
    if (cover) {
      const stored = await storeImageVariants(storage, folder, cover);
      result.keys.push(...stored.keys);
      result.coverImage = stored.coverImage;
      result.coverThumbnail = stored.coverThumbnail;
      result.hashes.set(stored.coverImage, cover.dhash);
    }
    for (const photo of photos) {
      const stored = await storeImageVariants(storage, folder, photo);
      result.keys.push(...stored.keys);
      result.photos.push(stored.coverImage);
      result.hashes.set(stored.coverImage, photo.dhash);
    }
  } catch (error) {
    await deleteKeys(storage, result.keys);
    throw error;
  }
  return result;
}

/** Picture URLs we wrote: `/uploads/<folder>/<name>-<width>.webp` (1200, 800, 400 or 200). */
const OWN_PICTURE =
  /^\/uploads\/((?:products|services|shops|events)\/[A-Za-z0-9_-]+)-(?:1200|800|400|200)\.webp$/;

/**
 * Storage keys of every variant (1200, 800, 400 and 200 px; `VARIANT_WIDTHS`) of each picture URL
 * we wrote (other URLs, e.g. external or unknown paths, are ignored). Deleting a key that was
 * never written (a picture stored before the 800/200 px variants) is harmless.
 */
export function keysOfPictures(urls: readonly (string | null | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const url of urls) {
    const match = url ? OWN_PICTURE.exec(url) : null;
    if (match?.[1]) {
      for (const width of VARIANT_WIDTHS) keys.add(`${match[1]}-${width}.webp`);
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

/** Deletes the files of picture URLs (every variant), best effort. */
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
