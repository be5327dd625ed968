/**
 * Serving remote releases (docs/decisions/0029-remote-releases.md, "Serving"): decorates the app
 * with `remoteServing`:
 * - `resolve(request, reply)`: the remotes this request gets (`remotes/resolution.ts`), with the
 *   visitor's canary bucket (set in a cookie when new) and a developer override
 *   (`?remoteOverride=`, when REMOTE_OVERRIDES is on or the request is a signed-in admin's);
 * - `changed(remote)`: the releases service's `onChange` (this process re-reads the routing at
 *   once; the others through Redis pub/sub, or their poll: `remotes/propagation.ts`);
 * - `telemetry`: page views and errors per remote version, `/metrics` counters
 *   `campus_remote_page_views_total{remote,version}` and
 *   `campus_remote_errors_total{remote,version,kind,source}`, and the canaries' automatic rollback;
 * - `smokeRender(remote, version)`: the release gate's server-side smoke render, supplied by the
 *   static site plugin when it renders pages (else reported as not possible).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { REMOTE_NAMES, type RemoteName } from '../../config.ts';
import { releaseBaseUrl } from '../../releases/storage.ts';
import { checkoutVersions } from '../../remotes/checkout.ts';
import { bucketCookie, newBucket, readBucket } from '../../remotes/cookies.ts';
import {
  OVERRIDE_OFF,
  overrideCookie,
  parseOverride,
  type RemoteOverrides,
  readOverrides,
} from '../../remotes/overrides.ts';
import { createRoutingCache, type RoutingCache } from '../../remotes/propagation.ts';
import { type ResolvedRemotes, resolveRemotes } from '../../remotes/resolution.ts';
import { memoryHealthStore, redisHealthStore } from '../../telemetry/health-store.ts';
import { type AutoRollbackPolicy, type TelemetryService, telemetryService } from '../../telemetry/service.ts';

export type SmokeRender = (
  remote: RemoteName,
  version: string,
) => Promise<{ ok: boolean; failures: string[] }>;

export interface RemoteServing {
  resolve(request: FastifyRequest, reply: FastifyReply): Promise<ResolvedRemotes>;
  changed(remote: string): Promise<void>;
  routing: RoutingCache;
  telemetry: TelemetryService;
  smokeRender: SmokeRender;
  /** Sets the smoke render (the static site plugin, when it renders pages on the server). */
  setSmokeRender(render: SmokeRender): void;
  /** Base URL of a release's files (ends in '/'). */
  releaseBaseUrl(remote: string, version: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    remoteServing: RemoteServing;
  }
}

export interface RemoteServingOptions {
  /** Threshold of the canaries' automatic rollback (default: > 5 % with ≥ 20 errors in 5 min). */
  autoRollback?: Partial<AutoRollbackPolicy>;
  /** Clock of the health counts, ms since the epoch (tests inject one). */
  now?: () => number;
  /** Poll period of the routing, ms. */
  routingPollMs?: number;
}

export const SMOKE_RENDER_UNAVAILABLE =
  'this server does not render pages (SERVE_STATIC, SERVER_RENDERING or the host build)';

/** CSP directives an overridden remote needs its origin in (scripts, styles, manifest fetch, assets). */
const OVERRIDE_DIRECTIVES = ['script-src', 'style-src', 'connect-src', 'img-src', 'font-src'];

/**
 * Adds the origins of overridden remotes to the answer's Content-Security-Policy (helmet's, set
 * before the handler), so the browser may load the developer's remote.
 */
export function allowOverrideOrigins(reply: FastifyReply, urls: string[]): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  const origins = [...new Set(urls.map((url) => new URL(url).origin))];
  const directives = csp.split(';').map((directive) => {
    const name = directive.trim().split(/\s+/)[0] ?? '';
    return OVERRIDE_DIRECTIVES.includes(name) ? `${directive.trim()} ${origins.join(' ')}` : directive.trim();
  });
  reply.header('content-security-policy', directives.filter(Boolean).join(';'));
}

export default fp<RemoteServingOptions>(
  async (app: FastifyInstance, options) => {
    const { releases, releaseHooks } = app;
    const secure = app.config.publicUrl.startsWith('https:');
    const routing = createRoutingCache({
      load: () => releases.routing(),
      redis: app.redis,
      channel: `${app.redisKeyPrefix}releases:routing`,
      pollMs: options.routingPollMs,
      log: app.log,
    });
    await routing.start();
    app.addHook('onClose', async () => routing.stop());

    const views = new Counter({
      name: 'campus_remote_page_views_total',
      help: 'Server-rendered page views by remote and version, this process',
      labelNames: ['remote', 'version'] as const,
      registers: [app.metrics],
    });
    const errors = new Counter({
      name: 'campus_remote_errors_total',
      help: 'Remote errors by remote, version, kind (load, render) and source (browser report, server render), this process',
      labelNames: ['remote', 'version', 'kind', 'source'] as const,
      registers: [app.metrics],
    });
    const telemetry = telemetryService({
      store: app.redis ? redisHealthStore(app.redis, app.redisKeyPrefix) : memoryHealthStore(),
      routing: () => routing.current(),
      rollbackCanary: async (remote, version, reason) => {
        await releases.rollbackCanary(remote as RemoteName, version, reason, 'system');
        await routing.changed(remote);
      },
      policy: options.autoRollback,
      now: options.now,
      onView: (remote, version) => views.inc({ remote, version }),
      onError: (report, source) =>
        errors.inc({ remote: report.remote, version: report.version, kind: report.kind, source }),
      log: app.log.child({ module: 'releases' }),
    });

    const checkoutVersion = checkoutVersions(app.config.staticRoot);
    // Without a page renderer the gate records the smoke render as skipped (the releases service).
    let smokeRender: SmokeRender | null = null;

    /** True when the request may use overrides: REMOTE_OVERRIDES, or a signed-in admin's bearer token. */
    const overridesAllowed = async (request: FastifyRequest): Promise<boolean> => {
      if (app.config.remoteOverrides) return true;
      if (!request.headers.authorization) return false;
      try {
        await app.authenticate(request, undefined as unknown as FastifyReply);
        return request.user?.role === 'admin';
      } catch {
        return false;
      }
    };

    const serving: RemoteServing = {
      async resolve(request, reply) {
        let bucket = readBucket(request.headers.cookie);
        if (bucket === null) {
          bucket = newBucket();
          reply.header('set-cookie', bucketCookie(bucket, secure));
        }
        let overrides: RemoteOverrides = {};
        const query = (request.query ?? {}) as Record<string, unknown>;
        const param = typeof query.remoteOverride === 'string' ? query.remoteOverride : undefined;
        if (param !== undefined || request.headers.cookie?.includes('soko_remote_override')) {
          if (await overridesAllowed(request)) {
            overrides = readOverrides(request.headers.cookie);
            if (param === OVERRIDE_OFF) overrides = {};
            else if (param !== undefined) {
              const { remote, url } = parseOverride(param);
              overrides = { ...overrides, [remote]: url };
            }
            if (param !== undefined) {
              const previous = reply.getHeader('set-cookie');
              reply.header(
                'set-cookie',
                [previous ?? [], overrideCookie(overrides, secure)].flat() as string[],
              );
            }
          }
        }
        if (Object.keys(overrides).length > 0) allowOverrideOrigins(reply, Object.values(overrides));
        return resolveRemotes({
          config: app.config,
          routing: await routing.current(),
          bucket,
          overrides,
          checkoutVersion,
          releaseBaseUrl: serving.releaseBaseUrl,
        });
      },
      async changed(remote) {
        await routing.changed(remote);
      },
      routing,
      telemetry,
      smokeRender: async (remote, version) =>
        smokeRender ? smokeRender(remote, version) : { ok: false, failures: [SMOKE_RENDER_UNAVAILABLE] },
      setSmokeRender(render) {
        smokeRender = render;
        releaseHooks.smokeRender = render;
      },
      releaseBaseUrl,
    };
    app.decorate('remoteServing', serving);
    // The registry's changes: this process re-reads the routing at once and tells the others.
    releaseHooks.onChange.push((remote) => serving.changed(remote));
    app.log.debug({ remotes: REMOTE_NAMES }, 'remote serving ready');
  },
  { name: 'remote-serving', dependencies: ['redis', 'metrics', 'auth', 'releases'] },
);
