/**
 * Where release files are kept (docs/decisions/0029-remote-releases.md): each release once, under
 * `releases/<remote>/<version>/` — in `DATA_DIR/releases` (embedded default) or in the bucket of
 * STORAGE_URL (the same S3 configuration as uploads, ADR 0014). A version's files never change:
 * `store` writes a new version's folder whole (local: into a hidden temporary folder renamed into
 * place, so readers never see half a release) and does nothing when it already exists.
 *
 * Accessors for the serving side: `releaseBaseUrl` (the URL prefix of a release's files),
 * `releaseDir` (local folder, null on S3) and `read` (one file's bytes from either).
 */

import { randomUUID } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { RELEASE_VERSION_PATTERN } from '@campus/shared/contract';
import type { AppConfig, S3StorageConfig } from '../config.ts';
import { S3Bucket } from '../uploads/s3-bucket.ts';
import type { ReleaseFiles, StagedRelease } from './service.ts';

/** Cache-Control of every release file: a version never changes. */
export const RELEASE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A version id: `<hash12>` or `<commit7>-<hash12>` (service.ts `releaseVersion`). */
export const VERSION_PATTERN = RELEASE_VERSION_PATTERN;
const VERSION = new RegExp(VERSION_PATTERN);
/** One segment of a release file path: no leading dot (so no `.`, `..` or hidden files), no slash. */
const FILE_SEGMENT = /^[A-Za-z0-9_@+~-][A-Za-z0-9._@+~-]*$/;

/** True for a safe relative file path of a release ('/'-separated segments of FILE_SEGMENT, ≤ 512 chars). */
export function isSafeReleasePath(file: string): boolean {
  return (
    file.length > 0 && file.length <= 512 && file.split('/').every((segment) => FILE_SEGMENT.test(segment))
  );
}

/** True for a syntactically valid version id. */
export const isVersion = (version: string): boolean => VERSION.test(version);

/** URL path of a release's files, e.g. '/releases/catalog/abc123def456/'. */
export function releaseBaseUrl(remote: string, version: string): string {
  return `/releases/${remote}/${version}/`;
}

/** Content-Type by file extension (release files are JavaScript, JSON, CSS, HTML, fonts, images). */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.cjs': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
  '.br': 'application/octet-stream',
  '.gz': 'application/gzip',
};

/** Content-Type of a release file by its name. */
export const contentTypeOf = (file: string): string =>
  TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/** A release file read from the bucket. */
export interface ReleaseObject {
  body: Readable;
  contentLength: number | null;
  etag: string | null;
}

export interface ReleaseStorage extends ReleaseFiles {
  readonly driver: 'local' | 's3';
  /** Local folder of a release (null on S3). */
  releaseDir(remote: string, version: string): string | null;
  /** One file's bytes, or null when missing. @throws Error on an unsafe path */
  read(remote: string, version: string, file: string): Promise<Buffer | null>;
  /** Bucket only: the object of one file, or null. */
  get?(remote: string, version: string, file: string): Promise<ReleaseObject | null>;
  /** Bucket only: the object key of a file (the STORAGE_URL prefix added). */
  objectKey?(remote: string, version: string, file: string): string;
  close(): void;
}

function assertParts(remote: string, version: string, file?: string): void {
  if (
    !/^[a-z][a-z0-9-]*$/.test(remote) ||
    !isVersion(version) ||
    (file !== undefined && !isSafeReleasePath(file))
  )
    throw new Error(`Invalid release file: ${remote}/${version}/${file ?? ''}`);
}

/** Release files in a local folder (`DATA_DIR/releases`). */
export class LocalReleaseStorage implements ReleaseStorage {
  readonly driver = 'local';
  constructor(readonly root: string) {}

  releaseDir(remote: string, version: string): string {
    assertParts(remote, version);
    return path.join(this.root, remote, version);
  }

  async store(remote: string, version: string, staged: StagedRelease): Promise<void> {
    const target = this.releaseDir(remote, version);
    if (await exists(target)) return;
    const temp = path.join(this.root, remote, `.${version}.${randomUUID()}.tmp`);
    await mkdir(path.dirname(temp), { recursive: true });
    try {
      for (const file of staged.files) {
        const to = path.join(temp, ...file.path.split('/'));
        await mkdir(path.dirname(to), { recursive: true });
        await cp(path.join(staged.dir, ...file.path.split('/')), to);
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { recursive: true, force: true });
      // Another upload of the same build won the race: its folder holds the same bytes.
      if (await exists(target)) return;
      throw error;
    }
  }

  async remove(remote: string, version: string): Promise<void> {
    await rm(this.releaseDir(remote, version), { recursive: true, force: true });
  }

  async read(remote: string, version: string, file: string): Promise<Buffer | null> {
    assertParts(remote, version, file);
    try {
      return await readFile(path.join(this.releaseDir(remote, version), ...file.split('/')));
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'EISDIR'
      )
        return null;
      throw error;
    }
  }

  close(): void {}
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Release files in the STORAGE_URL bucket under `<prefix>/releases/<remote>/<version>/`. */
export class S3ReleaseStorage implements ReleaseStorage {
  readonly driver = 's3';
  private readonly bucket: S3Bucket;

  constructor(config: S3StorageConfig) {
    this.bucket = new S3Bucket(config);
  }

  /** A release's key prefix inside the bucket (without the STORAGE_URL prefix). */
  private folder(remote: string, version: string): string {
    assertParts(remote, version);
    return `releases/${remote}/${version}/`;
  }

  private key(remote: string, version: string, file: string): string {
    assertParts(remote, version, file);
    return `${this.folder(remote, version)}${file}`;
  }

  /** The object key of a release file (the STORAGE_URL prefix added). */
  objectKey(remote: string, version: string, file: string): string {
    return this.bucket.objectKey(this.key(remote, version, file));
  }

  releaseDir(): null {
    return null;
  }

  /** Creates the bucket when missing, as the uploads storage does at start (`S3Bucket.ensureExists`). */
  ensureBucket(): Promise<void> {
    return this.bucket.ensureExists();
  }

  async store(remote: string, version: string, staged: StagedRelease): Promise<void> {
    for (const file of staged.files) {
      const encoding = /\.br$/.test(file.path) ? 'br' : /\.gz$/.test(file.path) ? 'gzip' : undefined;
      await this.bucket.put(
        this.key(remote, version, file.path),
        await readFile(path.join(staged.dir, ...file.path.split('/'))),
        {
          contentType: contentTypeOf(file.path.replace(/\.(br|gz)$/, '')),
          cacheControl: RELEASE_CACHE_CONTROL,
          ...(encoding ? { contentEncoding: encoding } : {}),
        },
      );
    }
  }

  async remove(remote: string, version: string): Promise<void> {
    for (const object of await this.bucket.list(this.folder(remote, version))) {
      await this.bucket.delete(object.key);
    }
  }

  async get(remote: string, version: string, file: string): Promise<ReleaseObject | null> {
    return this.bucket.get(this.key(remote, version, file));
  }

  async read(remote: string, version: string, file: string): Promise<Buffer | null> {
    const object = await this.get(remote, version, file);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  close(): void {
    this.bucket.close();
  }
}

/** The release storage of `config`: the bucket of STORAGE_URL, else DATA_DIR/releases. */
export async function createReleaseStorage(
  config: Pick<AppConfig, 'storage' | 'dataDir'>,
): Promise<ReleaseStorage> {
  if (config.storage.driver === 'local')
    return new LocalReleaseStorage(path.join(config.dataDir, 'releases'));
  const storage = new S3ReleaseStorage(config.storage);
  await storage.ensureBucket();
  return storage;
}
