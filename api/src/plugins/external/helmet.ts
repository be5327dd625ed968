/**
 * Security headers (helmet) with a strict Content-Security-Policy (ARCHITECTURE
 * "Security baseline": no inline script but the boot script, allowed by its hash).
 *
 * - scripts: same origin only, plus the origins of remotes configured with absolute URLs
 *   (module federation loads remote chunks with <script> tags and fetches mf-manifest.json), and
 *   the one inline script of a server-rendered page, the boot script, by its hash (ADR 0024);
 * - styles: same origin plus 'unsafe-inline', which MUI/emotion need for the <style> tags they
 *   inject at run time (style, not script: no code runs from it);
 * - images: same origin, data: and blob: (previews of chosen files), the STORAGE_PUBLIC_URL origin
 *   (uploads served from a bucket or CDN); connect: same origin plus
 *   remote origins; no plugins (object-src 'none'), no framing (frame-ancestors 'none').
 * - `upgrade-insecure-requests` only when PUBLIC_URL is https (it breaks plain-http local runs).
 *
 * The header set is helmet's own (every helmet default: COOP, CORP, Origin-Agent-Cluster,
 * Referrer-Policy, X-Content-Type-Options, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Frame-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection, HSTS behind https),
 * computed once at start and set on every answer by one synchronous onRequest hook, before any
 * handler (so routes may still change a header, as `allowOverrideOrigins` does with the CSP).
 * @fastify/helmet built the whole helmet middleware again for every request (its CSP parsing was
 * ~10 % of a `/health` request's CPU; docs/decisions/0044).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../../config.ts';
import { BOOT_SCRIPT_CSP_SOURCE } from '../app/boot-script.ts';

/** Distinct origins of the remote entry URLs that are absolute (relative ones are same-origin). */
export function remoteOrigins(config: Pick<AppConfig, 'remotes'>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.remotes)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** The CSP directives for `config` (see the module comment). */
export function cspDirectives(
  config: Pick<AppConfig, 'remotes' | 'publicUrl'> & Partial<Pick<AppConfig, 'storagePublicUrl'>>,
) {
  const remotes = remoteOrigins(config);
  const self = "'self'";
  // Pictures redirected to STORAGE_PUBLIC_URL (a CDN or bucket) load from its origin.
  const pictures = config.storagePublicUrl ? [new URL(config.storagePublicUrl).origin] : [];
  return {
    defaultSrc: [self],
    baseUri: [self],
    scriptSrc: [self, BOOT_SCRIPT_CSP_SOURCE, ...remotes],
    scriptSrcAttr: ["'none'"],
    styleSrc: [self, "'unsafe-inline'", ...remotes],
    imgSrc: [self, 'data:', 'blob:', ...remotes, ...pictures],
    fontSrc: [self, 'data:', ...remotes],
    connectSrc: [self, ...remotes],
    manifestSrc: [self],
    workerSrc: [self, 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: [self],
    ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** helmet's options for `config` (the CSP above; HSTS only behind https). */
export function helmetOptions(
  config: Pick<AppConfig, 'remotes' | 'publicUrl'> & Partial<Pick<AppConfig, 'storagePublicUrl'>>,
): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // HSTS only makes sense behind https.
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? undefined : false,
  };
}

/**
 * The headers helmet sets with `options`, in its order, as `[name, value]` pairs: helmet's
 * middleware run once against a recording response. Also what it removes (`X-Powered-By`).
 * @throws the error helmet reports for invalid options (a bad CSP directive)
 */
export function securityHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return { set, removed };
}

export default fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    const { set, removed } = securityHeaders(helmetOptions(config));
    // On the Node response, as helmet's middleware did: also on answers written to `reply.raw`.
    const setSecurityHeaders: onRequestHookHandler = (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of set) raw.setHeader(name, value);
      for (const name of removed) raw.removeHeader(name);
      done();
    };
    app.addHook('onRequest', setSecurityHeaders);
  },
  { name: 'helmet' },
);
