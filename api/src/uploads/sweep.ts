/**
 * Removes what a crash (kill -9, power loss) leaves in DATA_DIR (ADR 0012), at start and
 * once a day (`plugins/app/uploads.ts`):
 * - temporary files: `*.tmp` under the uploads folder (`LocalStorage.put` writes them before the
 *   rename) and spooled uploads `*.upload` in the temp folder (`uploads/spool.ts`), once older than
 *   `tempMaxAgeMs` (10 min: far longer than any request may take, so a file another process is
 *   still writing is never touched);
 * - orphan pictures: files named like ours (`<folder>/<id>-<width>.webp`, a width of
 *   `VARIANT_WIDTHS`: 1200, 800, 400, 200) older than `orphanMaxAgeMs` (1 h) whose picture no row
 *   refers to (no variant's URL appears in the database: the 400/800/200 px siblings of a photo
 *   are kept with its 1200 px one). A picture is stored
 *   before its row is written, so the age keeps pictures of requests in flight.
 * Other files are left alone. With object storage (STORAGE_URL, docs/product.md §22) the orphan pictures are
 * listed and deleted in the bucket (`stored`), by the same rules; it has no temporary objects.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { SPOOL_SUFFIX } from './spool.ts';
import { isTempFile, type StoredFile, VARIANT_WIDTHS } from './storage.ts';

/** Temporary files older than this are leftovers, in ms (10 min). */
export const TEMP_MAX_AGE_MS = 10 * 60_000;
/** Unreferenced pictures older than this are orphans, in ms (1 h; the issue's rule). */
export const ORPHAN_MAX_AGE_MS = 60 * 60_000;
/** How often the sweep runs after the one at start, in ms (daily). */
export const SWEEP_INTERVAL_MS = 24 * 60 * 60_000;

/** A stored picture's name: `<id>-<width>.webp`. */
const PICTURE_FILE = new RegExp(`^([A-Za-z0-9_-]+)-(?:${VARIANT_WIDTHS.join('|')})\\.webp$`);

export interface SweepOptions {
  /** Folder served at `/uploads`. */
  uploadsDir: string;
  /** Folder of spooled uploads. */
  tempDir: string;
  /** Object storage holding the pictures instead of `uploadsDir` (orphans are looked for there). */
  stored?: { list(): Promise<StoredFile[]>; delete(key: string): Promise<void> };
  /** The `/uploads/...` URLs the database refers to (read after the files are listed). */
  referencedUrls: () => Promise<Set<string>>;
  /** Current time, ms since the epoch (default Date.now()). */
  now?: number;
  tempMaxAgeMs?: number;
  orphanMaxAgeMs?: number;
}

export interface SweepResult {
  /** Relative paths (uploads) or names (temp folder) of the temporary files removed. */
  tempFiles: string[];
  /** Relative paths under the uploads folder of the orphan pictures removed. */
  orphans: string[];
}

interface FoundFile {
  full: string;
  relative: string;
  mtimeMs: number;
}

/** Every file below `root` (recursively), with its modification time; [] when `root` is missing. */
async function listFiles(root: string): Promise<FoundFile[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: FoundFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    try {
      const { mtimeMs } = await stat(full);
      files.push({ full, relative: path.relative(root, full).split(path.sep).join('/'), mtimeMs });
    } catch {
      // removed meanwhile
    }
  }
  return files;
}

/** Deletes `file`; a file already gone counts as deleted. */
async function remove(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Runs the sweep once (rules in the module comment).
 * @returns what was removed
 * @throws Error when a folder cannot be read, a file cannot be deleted or the database query fails
 */
export async function sweepUploads(options: SweepOptions): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const tempBefore = now - (options.tempMaxAgeMs ?? TEMP_MAX_AGE_MS);
  const orphanBefore = now - (options.orphanMaxAgeMs ?? ORPHAN_MAX_AGE_MS);
  const result: SweepResult = { tempFiles: [], orphans: [] };

  for (const file of await listFiles(options.tempDir)) {
    if (file.relative.endsWith(SPOOL_SUFFIX) && file.mtimeMs < tempBefore) {
      await remove(file.full);
      result.tempFiles.push(file.relative);
    }
  }

  const candidates: { relative: string; remove: () => Promise<void> }[] = [];
  for (const file of await listFiles(options.uploadsDir)) {
    if (isTempFile(file.relative)) {
      if (file.mtimeMs < tempBefore) {
        await remove(file.full);
        result.tempFiles.push(file.relative);
      }
    } else if (
      !options.stored &&
      file.mtimeMs < orphanBefore &&
      PICTURE_FILE.test(path.posix.basename(file.relative))
    ) {
      candidates.push({ relative: file.relative, remove: () => remove(file.full) });
    }
  }
  const { stored } = options;
  if (stored) {
    for (const object of await stored.list()) {
      if (object.mtimeMs < orphanBefore && PICTURE_FILE.test(path.posix.basename(object.key))) {
        candidates.push({ relative: object.key, remove: () => stored.delete(object.key) });
      }
    }
  }
  if (candidates.length === 0) return result;

  // Listed before the query: a picture stored after the listing is not a candidate anyway.
  const referenced = await options.referencedUrls();
  for (const file of candidates) {
    const folder = path.posix.dirname(file.relative);
    const id = PICTURE_FILE.exec(path.posix.basename(file.relative))?.[1];
    const variants = VARIANT_WIDTHS.map(
      (width) => `/uploads/${folder === '.' ? '' : `${folder}/`}${id}-${width}.webp`,
    );
    if (variants.some((url) => referenced.has(url))) continue;
    await file.remove();
    result.orphans.push(file.relative);
  }
  return result;
}
