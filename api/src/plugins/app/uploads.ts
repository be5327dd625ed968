/**
 * Serves DATA_DIR/uploads at /uploads/ (processed pictures; every mode, since image URLs in the
 * API are /uploads/... paths). File names are unique (a UUID per upload), so answers are cached
 * for a year as immutable. Cross-origin embedding is allowed (a remote on another origin shows
 * these pictures). Files being written (`*.tmp`, see `LocalStorage.put`) are never served: 404
 * (ADR 0012).
 *
 * Also runs the upload sweep (`uploads/sweep.ts`: old temporary files and orphan pictures) when
 * the app is ready and then daily, on an unref'd timer cleared when the app closes. A failing
 * sweep is logged, never fatal.
 *
 * Pictures stored before the 800 px and 200 px variants existed (docs/product.md §23.4 and §23.8) have
 * only `-1200.webp` and `-400.webp`: a request for a missing `-800.webp` / `-200.webp` sibling is
 * answered with the nearest stored variant (`nearestStoredVariant`), cached for a day only (not
 * immutable: a later backfill may write the real file), so cards' `srcset` works for every row.
 *
 * With object storage (STORAGE_URL, docs/product.md §22) the same `/uploads/<key>` paths are answered from
 * the bucket: a 301 to `STORAGE_PUBLIC_URL/<object key>` when that is set (a CDN or the bucket's
 * public origin serves the bytes), else the object streamed through the API with its type,
 * length and ETag (304 on a matching If-None-Match). Unknown keys: 404 `{status: "fail"}`. The
 * sweep then looks for orphans in the bucket.
 */
import { access, mkdir } from 'node:fs/promises';
import send from '@fastify/send';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { routeNotFound } from '../../errors.ts';
import { IMAGE_LIMITS } from '../../uploads/image-pipeline.ts';
import { referencedUploadUrls } from '../../uploads/repository.ts';
import {
  assertSafeKey,
  isTempFile,
  LocalStorage,
  nearestStoredVariant,
  type ObjectStorage,
} from '../../uploads/storage.ts';
import { SWEEP_INTERVAL_MS, sweepUploads } from '../../uploads/sweep.ts';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Cache-Control of a stand-in variant (a day: the real file may be written later). */
export const STAND_IN_CACHE_CONTROL = 'public, max-age=86400';

/** `/uploads/<key>` of an 800 px or 200 px variant, the only ones that may be missing. */
const NEWER_VARIANT_URL = new RegExp(
  `^/uploads/([A-Za-z0-9][A-Za-z0-9/_-]*-(?:${IMAGE_LIMITS.mediumWidth}|${IMAGE_LIMITS.smallWidth})\\.webp)$`,
);

export default fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    await mkdir(config.uploadsDir, { recursive: true });

    const sweep = async () => {
      try {
        const result = await sweepUploads({
          uploadsDir: config.uploadsDir,
          tempDir: config.tempDir,
          ...(app.storage.driver === 's3' ? { stored: app.storage } : {}),
          referencedUrls: () => referencedUploadUrls(app.db),
        });
        if (result.tempFiles.length + result.orphans.length > 0) {
          app.log.info(
            { tempFiles: result.tempFiles.length, orphans: result.orphans.length },
            'upload sweep removed leftover files',
          );
        }
      } catch (error) {
        app.log.error({ err: error }, 'upload sweep failed');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
    if (app.storage.driver === 's3') {
      serveFromBucket(app, app.storage, config.storagePublicUrl);
      return;
    }

    serveFromDisk(app, config.uploadsDir);
  },
  { name: 'uploads', dependencies: ['database', 'resources'] },
);

/**
 * The storage key of a `/uploads/<key>` request, or null (answer 404) when it fails
 * `assertSafeKey` (empty, `.` or `..` segments, anything but letters, digits, `.`, `_`, `-` and
 * `/`) or names a temporary file: no request leaves the uploads, and none reads a file being written.
 */
function servableKey(request: FastifyRequest): string | null {
  const key = (request.params as { '*': string })['*'];
  try {
    assertSafeKey(key);
  } catch {
    return null;
  }
  return isTempFile(key) ? null : key;
}

/**
 * `GET|HEAD /uploads/<key>` from DATA_DIR/uploads through @fastify/send: type, length, ETag,
 * Last-Modified, 304 on a matching conditional request, byte ranges. A missing 800/200 px variant
 * is answered with its nearest stored sibling (`STAND_IN_CACHE_CONTROL`); other misses and keys
 * `servableKey` refuses are a 404 `{status: "fail"}`.
 *
 * Not @fastify/static's wildcard route: since 10.1 it lists every directory on a request's path
 * (`readdir`, to refuse case-insensitive aliases) on every request, and `products/` holds four
 * files per picture: with 40 000 files there a photo cost ~73 ms of server CPU instead of ~4 ms.
 * Keys are generated (a UUID per upload) and checked, and on a case-insensitive disk an alias
 * could only name the same public picture (temporary files are matched case-insensitively).
 */
function serveFromDisk(app: FastifyInstance, uploadsDir: string): void {
  const files = new LocalStorage(uploadsDir);
  const exists = async (key: string) => {
    try {
      await access(files.pathFor(key));
      return true;
    } catch {
      return false;
    }
  };
  // send() URI-decodes the path it is given; a safe key has no character encodeURI changes.
  const sendKey = (request: FastifyRequest, key: string) =>
    send(request.raw, `/${key}`, { root: uploadsDir, cacheControl: false, dotfiles: 'deny', index: false });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = servableKey(request);
      if (!key) return routeNotFound(request, reply);
      let sent = await sendKey(request, key);
      let cacheControl = IMMUTABLE_CACHE_CONTROL;
      if (sent.statusCode === 404 && NEWER_VARIANT_URL.test(`/uploads/${key}`)) {
        // An older picture without this variant: its nearest stored sibling (as in the bucket).
        const standIn = await nearestStoredVariant(key, exists);
        if (standIn) {
          sent.stream.destroy();
          sent = await sendKey(request, standIn);
          cacheControl = STAND_IN_CACHE_CONTROL;
        }
      }
      const { statusCode, headers, stream, type } = sent;
      if (type !== 'file' && statusCode !== 304 && statusCode !== 412 && statusCode !== 416) {
        stream.destroy();
        return routeNotFound(request, reply);
      }
      return reply
        .code(statusCode)
        .headers(headers)
        .header('cache-control', cacheControl)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(stream);
    },
  });
}

/** `GET /uploads/*` from the bucket: a redirect to `publicUrl`, or the object streamed (see the module comment). */
function serveFromBucket(app: FastifyInstance, storage: ObjectStorage, publicUrl: string | null): void {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = servableKey(request);
    if (!key) return routeNotFound(request, reply);
    if (publicUrl) {
      return reply
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .redirect(`${publicUrl}/${storage.objectKey(key)}`, 301);
    }
    let object = await storage.get(key);
    let cacheControl = IMMUTABLE_CACHE_CONTROL;
    if (!object && NEWER_VARIANT_URL.test(`/uploads/${key}`)) {
      // An older picture without this variant: its nearest stored sibling (as for local files).
      const exists = async (candidate: string) => {
        const found = await storage.get(candidate);
        (found?.body as { destroy?: () => void } | undefined)?.destroy?.();
        return found !== null;
      };
      const standIn = await nearestStoredVariant(key, exists);
      if (standIn) {
        object = await storage.get(standIn);
        cacheControl = STAND_IN_CACHE_CONTROL;
      }
    }
    if (!object) return routeNotFound(request, reply);
    reply.header('cache-control', cacheControl);
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (object.etag) reply.header('etag', object.etag);
    if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
    if (object.etag && request.headers['if-none-match'] === object.etag) {
      (object.body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      return reply.code(304).send();
    }
    if (object.contentLength !== null) reply.header('content-length', object.contentLength);
    return reply.type(object.contentType).send(object.body);
  });
}
