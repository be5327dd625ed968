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
import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.ts';
import { assertSafeKey, type Storage, type StoredFile, type StoredObject } from './storage.ts';

/** Cache-Control written with every object (names are unique: one UUID per upload). */
export const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Stores files as objects in one bucket (see the module comment). */
export class S3Storage implements Storage {
  readonly driver = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly publicPrefix: string;

  /**
   * @param config the parsed STORAGE_URL
   * @param publicPrefix URL path the API serves the objects under (default `/uploads`)
   */
  constructor(config: S3StorageConfig, publicPrefix = '/uploads') {
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    });
    this.bucket = config.bucket;
    this.prefix = config.prefix ? `${config.prefix}/` : '';
    this.publicPrefix = publicPrefix.replace(/\/+$/, '');
  }

  /** The object key of a storage key (the bucket prefix added). */
  objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }

  /**
   * Checks that the bucket is reachable, creating it when it does not exist (a fresh MinIO or
   * s3rver). Called once at start-up, by every process at once: losing the race to create it is
   * not an error (docs/product.md §22: two API processes, or WEB_CONCURRENCY workers, over one bucket).
   * @throws the SDK's error (wrong credentials, unreachable endpoint, no right to create it)
   */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status !== 404) throw error;
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      } catch (createError) {
        // Another process (a second API, a worker) created it between our HEAD and CREATE: fine.
        const name = (createError as { name?: string }).name;
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw createError;
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      }
    }
  }

  /** Writes the object with its content type and a year of immutable caching; returns `/uploads/<key>`. */
  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: contentType,
        CacheControl: OBJECT_CACHE_CONTROL,
      }),
    );
    return `${this.publicPrefix}/${key}`;
  }

  /** Deletes the object; a missing object is not an error (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** The object as a stream with its headers, or null when it does not exist. */
  async get(key: string): Promise<StoredObject | null> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return {
        body: result.Body as Readable,
        contentType: result.ContentType ?? 'application/octet-stream',
        contentLength: result.ContentLength ?? null,
        etag: result.ETag ?? null,
        lastModified: result.LastModified ?? null,
      };
    } catch (error) {
      const name = (error as { name?: string }).name;
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (name === 'NoSuchKey' || status === 404) return null;
      throw error;
    }
  }

  /** Every stored key (prefix removed) with its modification time, for the orphan sweep. */
  async list(): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        files.push({
          key: object.Key.slice(this.prefix.length),
          mtimeMs: object.LastModified?.getTime() ?? 0,
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return files;
  }

  /** Closes the SDK's connections. */
  close(): void {
    this.client.destroy();
  }
}
