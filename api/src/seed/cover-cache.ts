/**
 * A folder of processed demo covers, so that a second demo seed in the same checkout (another
 * fresh DATA_DIR: the e2e site, each benchmark site, `npm start` after a reset) does not encode
 * the same 104 pictures again: each cover's four WebP variants cost ~130 ms of CPU, drawing it
 * ~35 ms.
 *
 * Entries are keyed by the SHA-256 of the drawn PNG and `IMAGE_PIPELINE_KEY` (the variants'
 * widths, encoder settings, sharp and libvips versions): a changed drawing, setting or upgrade is a
 * miss. A cache that cannot be read or written is skipped (the picture is processed as without
 * one): it never makes a seed fail. Each entry is written to a temporary name and renamed, its
 * `.json` last, so a reader sees whole entries only.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_PIPELINE_KEY, type ProcessedImage, processImage } from '../uploads/image-pipeline.ts';

/** The default cache folder: `node_modules/.cache/campus-soko/demo-covers` under the working folder. */
export function defaultCoverCacheDir(): string {
  return path.resolve('node_modules', '.cache', 'campus-soko', 'demo-covers');
}

const VARIANTS = ['large', 'medium', 'thumbnail', 'small'] as const;

interface EntryMeta {
  width: number;
  height: number;
  /** `ProcessedImage.dhash` as a decimal string. */
  dhash: string;
}

async function readEntry(dir: string, key: string): Promise<ProcessedImage | null> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, `${key}.json`), 'utf8')) as EntryMeta;
    const [large, medium, thumbnail, small] = await Promise.all(
      VARIANTS.map((variant) => readFile(path.join(dir, `${key}-${variant}.webp`))),
    );
    return {
      large: large!,
      medium: medium!,
      thumbnail: thumbnail!,
      small: small!,
      width: meta.width,
      height: meta.height,
      dhash: BigInt(meta.dhash),
    };
  } catch {
    return null;
  }
}

async function writeEntry(dir: string, key: string, image: ProcessedImage): Promise<void> {
  const put = async (name: string, data: Buffer | string) => {
    const temporary = path.join(dir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
    await writeFile(temporary, data);
    await rename(temporary, path.join(dir, name));
  };
  try {
    await mkdir(dir, { recursive: true });
    await Promise.all(VARIANTS.map((variant) => put(`${key}-${variant}.webp`, image[variant])));
    const meta: EntryMeta = { width: image.width, height: image.height, dhash: image.dhash.toString() };
    await put(`${key}.json`, JSON.stringify(meta));
  } catch {
    // A read-only or full disk: the seed goes on without caching.
  }
}

/**
 * `processImage(png)` through the cache folder `dir` (see the module comment); `dir` null
 * processes every picture. Same result as `processImage`.
 * @throws what `processImage` throws, on a miss
 */
export async function processCover(png: Buffer, dir: string | null): Promise<ProcessedImage> {
  if (dir === null) return processImage(png);
  const key = createHash('sha256').update(IMAGE_PIPELINE_KEY).update('\0').update(png).digest('hex');
  const cached = await readEntry(dir, key);
  if (cached) return cached;
  const image = await processImage(png);
  await writeEntry(dir, key, image);
  return image;
}
