/**
 * The release API under /api/v1/releases (docs/decisions/0029-remote-releases.md). Every route
 * needs a deploy token or an admin's session (`tokens.ts`); changes need the remote's own token
 * or an admin. The upload's body is a raw `application/gzip` stream (never buffered: spooled to
 * DATA_DIR/tmp under the size limit, `upload.ts`). Registered from the table of endpoints
 * (docs/decisions/0038).
 */
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
import type { RemoteName } from '../config.ts';
import { HttpError } from '../errors.ts';
import type { ReleaseCheck } from './manifest.ts';
import {
  canarySchema,
  listAllSchema,
  listRemoteSchema,
  promoteSchema,
  rollbackSchema,
  uploadSchema,
} from './schemas.ts';
import { assertMayChange } from './tokens.ts';
import { receiveRelease, UPLOAD_MESSAGES, UploadRefused } from './upload.ts';

/** Releases listed per remote in `GET /releases`. */
const LATEST_PER_REMOTE = 5;

export default async function releasesRoutes(app: FastifyInstance) {
  // The upload's body stays a stream (the handler spools it); other types keep the default parsers.
  app.addContentTypeParser(
    ['application/gzip', 'application/x-gzip', 'application/octet-stream'],
    (_request, payload, done) => done(null, payload),
  );
  const actorOf = app.releaseActor;

  route(app, 'GET /releases', { schema: listAllSchema })(async (request) => {
    await actorOf(request);
    const routing = await app.releases.routing();
    const remotes = await Promise.all(
      (Object.keys(routing) as RemoteName[]).map(async (remote) => ({
        remote,
        routing: routing[remote],
        releases: await app.releases.list(remote, LATEST_PER_REMOTE),
      })),
    );
    return { status: 'success', data: { remotes } };
  });

  route(app, 'GET /releases/:remote', { schema: listRemoteSchema })(async (request) => {
    await actorOf(request);
    const { remote } = request.params;
    const [routing, releases, audit] = await Promise.all([
      app.releases.routing(),
      app.releases.list(remote),
      app.releases.audit(remote),
    ]);
    return { status: 'success', data: { remote, routing: routing[remote], releases, audit } };
  });

  route(app, 'POST /releases/:remote', { schema: uploadSchema })(async (request, reply) => {
    const actor = await actorOf(request);
    const { remote } = request.params;
    assertMayChange(actor, remote);
    const body = request.body as NodeJS.ReadableStream | undefined;
    if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function')
      throw new HttpError(415, UPLOAD_MESSAGES.notGzip);
    const declared = Number(request.headers['content-length']);
    let received: Awaited<ReturnType<typeof receiveRelease>>;
    try {
      received = await receiveRelease(body, {
        tempDir: app.config.tempDir,
        declaredLength: Number.isFinite(declared) ? declared : undefined,
        gitCommit: request.query.gitCommit?.toLowerCase() ?? null,
        limits: app.releaseUploadLimits,
      });
    } catch (error) {
      if (error instanceof UploadRefused) {
        await app.releases.refuseUpload(remote, actor.name, error.message);
        if (error.statusCode === 413) reply.header('connection', 'close');
      }
      throw error;
    }
    try {
      const { release, created } = await app.releases.release(remote, received, actor.name);
      if (!created) reply.code(200);
      return { status: 'success', data: { created, release } };
    } catch (error) {
      const checks = (error as { checks?: ReleaseCheck[] }).checks;
      if (error instanceof HttpError && checks) {
        const failed = Object.fromEntries(
          checks.filter((c) => c.status === 'failed').map((c) => [c.name, c.message]),
        );
        throw new HttpError(error.statusCode, error.message, failed);
      }
      throw error;
    } finally {
      await received.cleanup();
    }
  });

  route(app, 'POST /releases/:remote/promote', { schema: promoteSchema })(async (request) => {
    const actor = await actorOf(request);
    assertMayChange(actor, request.params.remote);
    const routing = await app.releases.promote(
      request.params.remote,
      request.body.version,
      actor.name,
      request.body.reason,
    );
    return { status: 'success', data: { routing } };
  });

  route(app, 'POST /releases/:remote/rollback', { schema: rollbackSchema })(async (request) => {
    const actor = await actorOf(request);
    assertMayChange(actor, request.params.remote);
    const routing = await app.releases.rollback(request.params.remote, actor.name, request.body?.reason);
    return { status: 'success', data: { routing } };
  });

  route(app, 'PUT /releases/:remote/canary', { schema: canarySchema })(async (request) => {
    const actor = await actorOf(request);
    assertMayChange(actor, request.params.remote);
    const { version, percent, reason } = request.body;
    const routing = await app.releases.setCanary(
      request.params.remote,
      version ?? null,
      percent,
      actor.name,
      reason,
    );
    return { status: 'success', data: { routing } };
  });
}
