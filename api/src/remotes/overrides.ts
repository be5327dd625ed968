/**
 * Developer overrides of remotes (docs/decisions/0029-remote-releases.md, "Serving"): the site
 * opened with `?remoteOverride=catalog@http://localhost:3001/mf-manifest.json` loads that remote
 * from there in the browser (ssrEntry null: never executed on the server) until
 * `?remoteOverride=off`. Kept in the `soko_remote_override` cookie as `name@url` pairs joined by
 * spaces (URL-encoded). Allowed only when REMOTE_OVERRIDES is on (default under `npm run dev`)
 * or for a signed-in admin.
 */
import { REMOTE_NAMES, type RemoteName } from '../config.ts';
import { HttpError } from '../errors.ts';
import { OVERRIDE_COOKIE, readCookie } from './cookies.ts';

export type RemoteOverrides = Partial<Record<RemoteName, string>>;

/** The value that clears every override. */
export const OVERRIDE_OFF = 'off';

/**
 * Parses one `?remoteOverride=` value (`<remote>@<http(s) URL>`).
 * @throws HttpError 400 naming what is wrong (unknown remote, not an http/https URL)
 */
export function parseOverride(value: string): { remote: RemoteName; url: string } {
  const at = value.indexOf('@');
  const remote = at > 0 ? value.slice(0, at) : '';
  if (!(REMOTE_NAMES as readonly string[]).includes(remote)) {
    throw new HttpError(
      400,
      `remoteOverride must be <remote>@<URL> with a remote among ${REMOTE_NAMES.join(', ')}`,
    );
  }
  let url: URL;
  try {
    url = new URL(value.slice(at + 1));
  } catch {
    throw new HttpError(400, 'remoteOverride needs an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpError(400, 'remoteOverride needs an absolute http or https URL');
  }
  return { remote: remote as RemoteName, url: url.href };
}

/** The overrides kept in the Cookie header (invalid pairs are ignored). */
export function readOverrides(header: string | string[] | undefined): RemoteOverrides {
  const value = readCookie(header, OVERRIDE_COOKIE);
  const overrides: RemoteOverrides = {};
  for (const pair of value?.split(' ') ?? []) {
    try {
      const { remote, url } = parseOverride(pair);
      overrides[remote] = url;
    } catch {
      // a stale or edited cookie: ignored
    }
  }
  return overrides;
}

/** `Set-Cookie` value keeping `overrides` (session cookie), or clearing it when empty. */
export function overrideCookie(overrides: RemoteOverrides, secure: boolean): string {
  const pairs = Object.entries(overrides).map(([remote, url]) => `${remote}@${url}`);
  const flags = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return pairs.length === 0
    ? `${OVERRIDE_COOKIE}=; ${flags}; Max-Age=0`
    : `${OVERRIDE_COOKIE}=${encodeURIComponent(pairs.join(' '))}; ${flags}`;
}
