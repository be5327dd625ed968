/**
 * One S3-compatible bucket (STORAGE_URL `s3://bucket[/prefix]?...`, ADR 0014): the SDK client with
 * path-style addressing for non-AWS endpoints, and the object operations the uploads
 * (`S3Storage`) and the release files (`S3ReleaseStorage`, ADR 0029) share. Keys given here are
 * already checked by the caller; the STORAGE_URL prefix is added here.
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

/** An object read from the bucket. */
export interface BucketObject {
  body: Readable;
  contentType: string;
  contentLength: number | null;
  etag: string | null;
  lastModified: Date | null;
}

/** What `put` writes beside the bytes. */
export interface PutOptions {
  contentType: string;
  cacheControl: string;
  /** `br` or `gzip` for a precompressed file. */
  contentEncoding?: string;
}

/** The bucket of a STORAGE_URL (see the module comment). */
export class S3Bucket {
  private readonly client: S3Client;
  readonly name: string;
  private readonly prefix: string;

  /** @param config the parsed STORAGE_URL */
  constructor(config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    });
    this.name = config.bucket;
    this.prefix = config.prefix ? `${config.prefix}/` : '';
  }

  /** The object key of `key` (the STORAGE_URL prefix added). */
  objectKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  /**
   * Checks that the bucket is reachable, creating it when it does not exist (a fresh MinIO or
   * s3rver). Called at start-up by every process at once: losing the race to create it is not an
   * error (docs/product.md §22: two API processes, or WEB_CONCURRENCY workers, over one bucket).
   * @throws the SDK's error (wrong credentials, unreachable endpoint, no right to create it)
   */
  async ensureExists(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.name }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status !== 404) throw error;
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.name }));
      } catch (createError) {
        // Another process created it between our HEAD and CREATE: fine.
        const name = (createError as { name?: string }).name;
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw createError;
        await this.client.send(new HeadBucketCommand({ Bucket: this.name }));
      }
    }
  }

  /** Writes the object `key` (atomic in S3: readers never see half an object). */
  async put(key: string, data: Buffer, options: PutOptions): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.name,
        Key: this.objectKey(key),
        Body: data,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
        ...(options.contentEncoding ? { ContentEncoding: options.contentEncoding } : {}),
      }),
    );
  }

  /** Deletes the object `key`; a missing object is not an error (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.name, Key: this.objectKey(key) }));
  }

  /** The object `key` as a stream with its headers, or null when it does not exist. */
  async get(key: string): Promise<BucketObject | null> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.name, Key: this.objectKey(key) }),
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

  /**
   * Every object whose key starts with `under` (prefix removed from the keys: `under` included),
   * with its modification time; `''` lists the whole STORAGE_URL prefix.
   */
  async list(under = ''): Promise<{ key: string; mtimeMs: number }[]> {
    const objects: { key: string; mtimeMs: number }[] = [];
    const prefix = this.objectKey(under);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.name,
          Prefix: prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        objects.push({
          key: object.Key.slice(this.prefix.length),
          mtimeMs: object.LastModified?.getTime() ?? 0,
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  /** Closes the SDK's connections. */
  close(): void {
    this.client.destroy();
  }
}
