/**
 * The release registry's wiring (docs/decisions/0029-remote-releases.md): builds the storage, the
 * gate (over this checkout's host: its installed singleton versions, its page contract, the
 * remotes it renders on the server), the service, and serves release files at
 * `GET /releases/<remote>/<version>/<file…>` with a year of immutable caching, CORS `*` and
 * precompressed `.br` / `.gz` siblings (local: @fastify/static on DATA_DIR/releases; S3: the
 * object streamed, or a 301 to STORAGE_PUBLIC_URL).
 *
 * Decorates `app.releases` (the service), `app.releaseStorage`, `app.releaseActor` (the routes'
 * auth) and `app.releaseHooks`: the serving side adds `onChange` listeners (called after each
 * committed routing change) and sets `smokeRender` (the gate's server-side smoke render).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, REPO_ROOT, type RemoteName } from '../config.ts';
import { routeNotFound } from '../errors.ts';
import { contractHash } from './contract.ts';
import { installedVersions, releaseGate } from './gate.ts';
import { releasesRepository } from './repository.ts';
import { type ReleasesService, releasesService } from './service.ts';
import {
  contentTypeOf,
  createReleaseStorage,
  isSafeReleasePath,
  isVersion,
  RELEASE_CACHE_CONTROL,
  type ReleaseStorage,
} from './storage.ts';
import { type ReleaseActor, releaseAuth } from './tokens.ts';
import { UPLOAD_LIMITS, type UploadLimits } from './upload.ts';

/** What the serving side plugs into the registry. */
export interface ReleaseHooks {
  /** Called after each committed routing change of `remote`. */
  onChange: ((remote: RemoteName) => void | Promise<void>)[];
  /** The gate's server-side smoke render of a stored release; null: recorded as skipped. */
  smokeRender: ((remote: RemoteName, version: string) => Promise<{ ok: boolean; failures: string[] }>) | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The release registry (ADR 0029). */
    releases: ReleasesService;
    /** Where release files are kept (DATA_DIR/releases or the bucket). */
    releaseStorage: ReleaseStorage;
    /** Hooks the serving side sets (see ReleaseHooks). */
    releaseHooks: ReleaseHooks;
    /** The release API's caller, or throws 401/403. */
    releaseActor: (request: FastifyRequest) => Promise<ReleaseActor>;
    /** Upload limits (tests shrink them). */
    releaseUploadLimits: UploadLimits;
  }
}

export interface ReleasesPluginOptions {
  /** Upload limits (default UPLOAD_LIMITS). */
  uploadLimits?: UploadLimits;
  /** The host's singleton versions (default: the packages installed for host/). */
  hostShared?: Record<string, string>;
}

export default fp(
  async (app: FastifyInstance, options: ReleasesPluginOptions) => {
    const storage = await createReleaseStorage(app.config);
    app.addHook('onClose', async () => storage.close());
    const hooks: ReleaseHooks = { onChange: [], smokeRender: null };
    const hostContract = await contractHash(path.join(REPO_ROOT, 'shared', 'src')).catch(() => null);
    const hostShared = options.hostShared ?? (await installedVersions(path.join(REPO_ROOT, 'host')));
    const repository = releasesRepository(app.db);
    const log = app.log.child({ module: 'releases' });
    const service = releasesService(repository, {
      gate: releaseGate({
        hostShared,
        hostContract,
        rendersOnServer: (remote) => app.config.remoteSsrEntries[remote] !== null,
      }),
      files: storage,
      onChange: async (remote) => {
        for (const listener of hooks.onChange) await listener(remote);
      },
      get smokeRender() {
        return hooks.smokeRender ?? undefined;
      },
      log,
    });
    app.decorate('releases', service);
    app.decorate('releaseStorage', storage);
    app.decorate('releaseHooks', hooks);
    app.decorate('releaseActor', releaseAuth(app, app.config.deployTokens, repository));
    app.decorate('releaseUploadLimits', options.uploadLimits ?? UPLOAD_LIMITS);
    await app.register(serveReleases, { prefix: '/releases' });
  },
  { name: 'releases', dependencies: ['database', 'auth'] },
);

/** The parts of `/releases/<remote>/<version>/<file>`, or null when any is invalid. */
function releaseFileOf(url: string): { remote: RemoteName; version: string; file: string } | null {
  const match = /^\/releases\/([^/?#]+)\/([^/?#]+)\/([^?#]+)/.exec(url);
  if (!match) return null;
  const [, remote, version, file] = match as unknown as [string, string, string, string];
  if (
    !(REMOTE_NAMES as readonly string[]).includes(remote) ||
    !isVersion(version) ||
    !isSafeReleasePath(file)
  )
    return null;
  return { remote: remote as RemoteName, version, file };
}

const setReleaseHeaders = (reply: FastifyReply | { header(name: string, value: string): unknown }) => {
  reply.header('cache-control', RELEASE_CACHE_CONTROL);
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
};

async function serveReleases(app: FastifyInstance) {
  app.setNotFoundHandler(routeNotFound);
  const storage = app.releaseStorage;
  const dir = storage.releaseDir('catalog', '000000000000');
  if (storage.driver === 'local' && dir) {
    const root = path.dirname(path.dirname(dir));
    await mkdir(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      decorateReply: false,
      index: false,
      list: false,
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: false,
      dotfiles: 'deny',
      schemaHide: true,
      allowedPath: (pathName) => releaseFileOf(`/releases/${pathName.replace(/^\//, '')}`) !== null,
      setHeaders: (reply) => setReleaseHeaders(reply as unknown as FastifyReply),
    });
    return;
  }
  const publicUrl = app.config.storagePublicUrl;
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const parts = releaseFileOf(request.url);
    if (!parts || !storage.get || !storage.objectKey) return routeNotFound(request, reply);
    if (publicUrl) {
      setReleaseHeaders(reply);
      return reply.redirect(
        `${publicUrl}/${storage.objectKey(parts.remote, parts.version, parts.file)}`,
        301,
      );
    }
    const accepts = String(request.headers['accept-encoding'] ?? '');
    let encoding: 'br' | 'gzip' | null = null;
    let object = null;
    for (const [suffix, name] of [
      ['.br', 'br'],
      ['.gz', 'gzip'],
    ] as const) {
      if (object || !new RegExp(`\\b${name}\\b`).test(accepts)) continue;
      object = await storage.get(parts.remote, parts.version, `${parts.file}${suffix}`);
      if (object) encoding = name;
    }
    object ??= await storage.get(parts.remote, parts.version, parts.file);
    if (!object) return routeNotFound(request, reply);
    setReleaseHeaders(reply);
    reply.header('vary', 'accept-encoding');
    if (object.etag) reply.header('etag', object.etag);
    if (object.etag && request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.code(304).send();
    }
    if (encoding) reply.header('content-encoding', encoding);
    if (object.contentLength !== null) reply.header('content-length', object.contentLength);
    return reply.type(contentTypeOf(parts.file)).send(object.body);
  });
}
