/**
 * Upload image pipeline: every picture that enters Campus Soko (seed covers, product and service
 * covers, extra photos, profile photos) goes through `processImage` before it is stored.
 *
 * Steps: size check (bytes) -> type check by magic bytes (never by file name or client MIME type)
 * -> decode with sharp under a pixel limit (decompression bombs) and `failOn: 'truncated'`
 * (damaged files) -> EXIF orientation applied -> metadata stripped (sharp writes none unless asked
 * with `keepMetadata`/`withMetadata`, so EXIF and GPS never leave the server) -> resized without
 * enlargement to a 1200 px wide "large" variant, an 800 px "medium", a 400 px thumbnail and a
 * 200 px "small" one -> WebP. Cards pick from 200/400/800 with `srcset` (docs/product.md §23.4 and §23.8:
 * 200 px is the data saver's thumbnail; 800 px serves wide cards on dense screens).
 *
 * Errors meant for the user are `ImageError`s carrying an HTTP `statusCode` (400 or 413) and a
 * message that can be shown as is; anything else is a server fault.
 */
import { UNSUPPORTED_IMAGE_MESSAGE } from '@campus/shared/constants';
import sharp from 'sharp';
import { type ImageSource, readHead, sourceBytes } from './spool.ts';

// Spooled uploads are decoded from their temporary files, which are deleted right after the
// request: libvips must not keep them open in its file cache (memory caching stays on).
sharp.cache({ files: 0 });

/** Limits of the upload pipeline. */
export const IMAGE_LIMITS = {
  /** Largest accepted upload, in bytes (10 MiB), per file. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Most extra photos accepted with one product or service (the cover not counted). */
  maxPhotos: 6,
  /** Width in px of the "large" variant (never enlarged: smaller pictures keep their width). */
  largeWidth: 1200,
  /** Width in px of the "medium" variant (never enlarged; docs/product.md §23.4). */
  mediumWidth: 800,
  /** Width in px of the thumbnail variant (never enlarged). */
  thumbnailWidth: 400,
  /** Width in px of the "small" variant: the data saver's thumbnail (never enlarged; docs/product.md §23.8). */
  smallWidth: 200,
  /**
   * Largest decoded size in pixels (width x height, 50 megapixels: a 48 MP phone photo passes).
   * A small file that decodes to more pixels (a decompression bomb) is refused before decoding.
   */
  maxInputPixels: 50_000_000,
  /**
   * Most pixels (width x height, summed over every picture) decoded for one form: 150 megapixels,
   * e.g. a cover and six 12 MP phone photos, or three 48 MP ones (ADR 0012: seven 49 MP
   * pictures took 1.9 s of CPU). Checked from the headers before anything is decoded.
   */
  maxFormPixels: 150_000_000,
} as const;

/** WebP encoder settings: quality 0-100; effort 0-6 (lower is faster, files slightly larger). */
const LARGE_WEBP = { quality: 78, effort: 2 } as const;
const MEDIUM_WEBP = { quality: 75, effort: 2 } as const;
const THUMBNAIL_WEBP = { quality: 70, effort: 2 } as const;
const SMALL_WEBP = { quality: 65, effort: 2 } as const;
/**
 * What the output of `processImage` depends on besides its input: the variants' widths, the
 * encoder settings and the sharp and libvips versions. Caches of processed pictures (the demo
 * covers, `seed/cover-cache.ts`) key on it, so a changed setting or upgrade misses the cache.
 */
export const IMAGE_PIPELINE_KEY = JSON.stringify({
  widths: [
    IMAGE_LIMITS.largeWidth,
    IMAGE_LIMITS.mediumWidth,
    IMAGE_LIMITS.thumbnailWidth,
    IMAGE_LIMITS.smallWidth,
  ],
  webp: [LARGE_WEBP, MEDIUM_WEBP, THUMBNAIL_WEBP, SMALL_WEBP],
  sharp: sharp.versions,
});
/** Upper bound on the time libvips may spend on one image, in seconds. */
const PROCESS_TIMEOUT_SECONDS = 30;

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic' | 'avif';

/** One text for the server and the forms' check before upload (docs/product.md §21.10). */
export { UNSUPPORTED_IMAGE_MESSAGE };
export const DAMAGED_IMAGE_MESSAGE = 'The image file is damaged or incomplete';
export const IMAGE_TOO_LARGE_MESSAGE = `Image is larger than ${IMAGE_LIMITS.maxFileBytes / (1024 * 1024)} MB`;
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = `Image dimensions are too large (at most ${
  IMAGE_LIMITS.maxInputPixels / 1_000_000
} megapixels)`;
export const FORM_TOO_MANY_PIXELS_MESSAGE = `The pictures are too large together (at most ${
  IMAGE_LIMITS.maxFormPixels / 1_000_000
} megapixels per form): send smaller or fewer pictures`;

/** A problem with the uploaded picture itself; `message` is user-facing, `statusCode` is 400 or 413. */
export class ImageError extends Error {
  readonly statusCode: 400 | 413;

  constructor(message: string, statusCode: 400 | 413 = 400, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageError';
    this.statusCode = statusCode;
  }
}

/** Result of `processImage`: four WebP encodings and the size of the large one. */
export interface ProcessedImage {
  /** WebP, at most `IMAGE_LIMITS.largeWidth` (1200) px wide. */
  large: Buffer;
  /** WebP, at most `IMAGE_LIMITS.mediumWidth` (800) px wide. */
  medium: Buffer;
  /** WebP, at most `IMAGE_LIMITS.thumbnailWidth` (400) px wide. */
  thumbnail: Buffer;
  /** WebP, at most `IMAGE_LIMITS.smallWidth` (200) px wide. */
  small: Buffer;
  /** Width in px of `large` (after EXIF orientation). */
  width: number;
  /** Height in px of `large` (after EXIF orientation). */
  height: number;
  /** 64-bit difference hash of the picture (`differenceHash`), for near-duplicate photos (ADR 0034). */
  dhash: bigint;
}

/**
 * The 64-bit difference hash (dHash) of a picture (ADR 0034): the picture in grey shrunk to 9x8 px
 * (aspect ignored); in each row, the 8 differences between horizontal neighbours (left minus
 * right), one bit each, set when the difference is above the row's median difference. Centring on
 * the row's median (rather than on 0) keeps a smooth gradient (a wall, the sky, a plain backdrop)
 * from setting whole rows alike, so the bits describe the picture's shapes. Re-encoding, resizing
 * and a slight crop change few bits (at most 13 of 64 in our tests); another photo ~32.
 * @param image any input sharp reads (a file's bytes), or raw pixels with `raw`
 * @returns the hash, an unsigned 64-bit bigint (row by row, most significant bit first); a flat
 *   picture hashes to 0
 */
export async function differenceHash(
  image: Buffer,
  raw?: { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } },
): Promise<bigint> {
  const pixels = await sharp(image, raw).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    const row = Array.from({ length: 8 }, (_, x) => pixels[y * 9 + x]! - pixels[y * 9 + x + 1]!);
    const sorted = [...row].sort((a, b) => a - b);
    const median = (sorted[3]! + sorted[4]!) / 2;
    for (const difference of row) hash = (hash << 1n) | (difference > median ? 1n : 0n);
  }
  return hash;
}

/** Number of differing bits of two 64-bit hashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x > 0n) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}

const ascii = (buffer: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...buffer.subarray(start, end));

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/**
 * Identifies an image by its leading bytes (magic numbers), ignoring any file name or MIME type.
 *
 * @param buffer the file contents (only the first few hundred bytes are read)
 * @returns the image type, or null when the bytes are not one of the supported formats (for
 *   instance a text file named `photo.jpg`)
 */
export function detectImageType(buffer: Uint8Array): ImageType | null {
  if (buffer.length < 12) return null;
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (
    buffer[0] === 0x89 &&
    ascii(buffer, 1, 4) === 'PNG' &&
    buffer[4] === 0x0d &&
    buffer[5] === 0x0a &&
    buffer[6] === 0x1a &&
    buffer[7] === 0x0a
  ) {
    return 'png';
  }
  const head6 = ascii(buffer, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (ascii(buffer, 0, 4) === 'RIFF' && ascii(buffer, 8, 12) === 'WEBP') return 'webp';
  // ISO base media file (HEIF family): [size:u32be]['ftyp'][major brand][minor version][compatible brands...]
  if (ascii(buffer, 4, 8) === 'ftyp') {
    const boxSize = ((buffer[0]! << 24) | (buffer[1]! << 16) | (buffer[2]! << 8) | buffer[3]!) >>> 0;
    const end = Math.min(Math.max(boxSize, 16), buffer.length, 512);
    const brands = [ascii(buffer, 8, 12)];
    for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(buffer, offset, offset + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  }
  return null;
}

/**
 * Whether this sharp/libvips build can decode HEIC (HEVC-coded HEIF). The prebuilt sharp binaries
 * ship libheif with the AV1 decoder only (they list '.avif' alone), so HEIC is usually refused.
 */
export function canDecodeHeic(): boolean {
  const suffixes: readonly string[] =
    (sharp.format as unknown as Record<string, { input?: { fileSuffix?: string[] } } | undefined>).heif?.input
      ?.fileSuffix ?? [];
  return suffixes.includes('.heic') || suffixes.includes('.heif');
}

/** Whether this sharp build can decode AVIF (true for the prebuilt binaries). */
function canDecodeAvif(): boolean {
  const heif = (sharp.format as unknown as Record<string, { input?: { buffer?: boolean } } | undefined>).heif;
  return heif?.input?.buffer === true;
}

/** Maps a sharp/libvips failure to the user-facing error. */
function toImageError(error: unknown): ImageError {
  if (error instanceof ImageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message))
    return new ImageError(IMAGE_TOO_MANY_PIXELS_MESSAGE, 413, { cause: error });
  if (/unsupported image format/i.test(message)) {
    return new ImageError(UNSUPPORTED_IMAGE_MESSAGE, 400, { cause: error });
  }
  return new ImageError(DAMAGED_IMAGE_MESSAGE, 400, { cause: error });
}

/**
 * Reads a picture's dimensions from its header (no decoding) and checks them against
 * `IMAGE_LIMITS.maxInputPixels`.
 * @returns width x height in px of the first frame (0 when the header has no size)
 * @throws ImageError as `processImage` does for the size, the type, too many pixels or a damaged header
 */
export async function imagePixels(input: ImageSource): Promise<number> {
  await checkType(input);
  try {
    const { width, height } = await sharp(Buffer.isBuffer(input) ? input : input.path, {
      limitInputPixels: IMAGE_LIMITS.maxInputPixels,
    }).metadata();
    const pixels = (width ?? 0) * (height ?? 0);
    if (pixels > IMAGE_LIMITS.maxInputPixels) throw new ImageError(IMAGE_TOO_MANY_PIXELS_MESSAGE, 413);
    return pixels;
  } catch (error) {
    throw toImageError(error);
  }
}

/** Size and type checks of `processImage` (before any decoding). */
async function checkType(input: ImageSource): Promise<void> {
  if (sourceBytes(input) > IMAGE_LIMITS.maxFileBytes) throw new ImageError(IMAGE_TOO_LARGE_MESSAGE, 413);
  const type = detectImageType(await readHead(input));
  if (type === null) throw new ImageError(UNSUPPORTED_IMAGE_MESSAGE, 400);
  if (type === 'heic' && !canDecodeHeic()) throw new ImageError(UNSUPPORTED_IMAGE_MESSAGE, 400);
  if (type === 'avif' && !canDecodeAvif()) throw new ImageError(UNSUPPORTED_IMAGE_MESSAGE, 400);
}

/**
 * Validates and converts one uploaded picture.
 *
 * @param input the raw uploaded bytes, or the temporary file they were spooled to
 * @returns `large` (WebP, at most 1200 px wide, quality 78), `medium` (at most 800 px, quality
 *   75), `thumbnail` (at most 400 px, quality 70), `small` (at most 200 px, quality 65), and
 *   `width`/`height` of `large` in px, and `dhash` (`differenceHash`). Orientation from EXIF is applied;
 *   no metadata (EXIF, GPS, XMP, ICC, comments) is kept; pictures are never enlarged; animated
 *   GIF/WebP keep their first frame.
 * @throws ImageError 413 'Image is larger than 10 MB' when `input` exceeds `IMAGE_LIMITS.maxFileBytes`
 * @throws ImageError 413 when the picture decodes to more than `IMAGE_LIMITS.maxInputPixels` pixels
 * @throws ImageError 400 'Unsupported image type: ...' when the bytes are not JPEG, PNG, WebP, GIF,
 *   AVIF or (if this sharp build decodes it) HEIC
 * @throws ImageError 400 'The image file is damaged or incomplete' for truncated or corrupt data
 */
export async function processImage(input: ImageSource): Promise<ProcessedImage> {
  await checkType(input);

  try {
    // Decode once: orient, shrink to the large width (shrink-on-load for JPEG/WebP), keep 8-bit sRGB pixels.
    const { data, info } = await sharp(Buffer.isBuffer(input) ? input : input.path, {
      limitInputPixels: IMAGE_LIMITS.maxInputPixels,
      failOn: 'truncated',
    })
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      .rotate()
      .resize({ width: IMAGE_LIMITS.largeWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });

    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const resized = (width: number, webp: { quality: number; effort: number }) =>
      sharp(data, raw).resize({ width, withoutEnlargement: true }).webp(webp).toBuffer();
    const [large, medium, thumbnail, small, dhash] = await Promise.all([
      sharp(data, raw).webp(LARGE_WEBP).toBuffer(),
      resized(IMAGE_LIMITS.mediumWidth, MEDIUM_WEBP),
      resized(IMAGE_LIMITS.thumbnailWidth, THUMBNAIL_WEBP),
      resized(IMAGE_LIMITS.smallWidth, SMALL_WEBP),
      differenceHash(data, raw as { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }),
    ]);
    return { large, medium, thumbnail, small, width: info.width, height: info.height, dhash };
  } catch (error) {
    throw toImageError(error);
  }
}
