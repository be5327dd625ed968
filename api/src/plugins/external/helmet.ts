/**
 * Security headers (@fastify/helmet) with a strict Content-Security-Policy (ARCHITECTURE
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
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

export default fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
      // HSTS only makes sense behind https.
      strictTransportSecurity: config.publicUrl.startsWith('https://') ? undefined : false,
    });
  },
  { name: 'helmet' },
);
