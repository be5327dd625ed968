/**
 * Uploads in an S3-compatible bucket (docs/product.md §22.2; STORAGE_URL `s3://bucket[/prefix]?...`):
 * AWS S3, MinIO, Cloudflare R2, s3rver in the tests. `@aws-sdk/client-s3` with the SDK's usual
 * credential chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role) and
 * path-style addressing for non-AWS endpoints.
 *
 * Keys and URLs are the same as `LocalStorage`'s: `put('products/<uuid>-1200.webp')` writes the
 * object `<prefix>/products/<uuid>-1200.webp` and returns `/uploads/products/<uuid>-1200.webp`,
 * the path the database keeps whatever the storage. The API answers that path by streaming the
 * object, or by redirecting to STORAGE_PUBLIC_URL (`plugins/app/uploads.ts`). A PUT is atomic in
 * S3 (readers never see half an object), so no temporary objects exist.
 */
import type { S3StorageConfig } from '../config.ts';
import { S3Bucket } from './s3-bucket.ts';
import { assertSafeKey, type Storage, type StoredFile, type StoredObject } from './storage.ts';

/** Cache-Control written with every object (names are unique: one UUID per upload). */
export const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Stores files as objects in one bucket (see the module comment). */
export class S3Storage implements Storage {
  readonly driver = 's3';
  private readonly bucket: S3Bucket;
  private readonly publicPrefix: string;

  /**
   * @param config the parsed STORAGE_URL
   * @param publicPrefix URL path the API serves the objects under (default `/uploads`)
   */
  constructor(config: S3StorageConfig, publicPrefix = '/uploads') {
    this.bucket = new S3Bucket(config);
    this.publicPrefix = publicPrefix.replace(/\/+$/, '');
  }

  /** The object key of a storage key (the bucket prefix added). */
  objectKey(key: string): string {
    assertSafeKey(key);
    return this.bucket.objectKey(key);
  }

  /** Checks that the bucket is reachable, creating it when missing (`S3Bucket.ensureExists`). */
  ensureBucket(): Promise<void> {
    return this.bucket.ensureExists();
  }

  /** Writes the object with its content type and a year of immutable caching; returns `/uploads/<key>`. */
  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    assertSafeKey(key);
    await this.bucket.put(key, data, { contentType, cacheControl: OBJECT_CACHE_CONTROL });
    return `${this.publicPrefix}/${key}`;
  }

  /** Deletes the object; a missing object is not an error. */
  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.bucket.delete(key);
  }

  /** The object as a stream with its headers, or null when it does not exist. */
  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    return this.bucket.get(key);
  }

  /** Every stored key (prefix removed) with its modification time, for the orphan sweep. */
  list(): Promise<StoredFile[]> {
    return this.bucket.list();
  }

  /** Closes the SDK's connections. */
  close(): void {
    this.bucket.close();
  }
}
