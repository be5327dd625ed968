/**
 * Who may use the release API (docs/decisions/0029-remote-releases.md): a remote's deploy token —
 * from DEPLOY_TOKENS, or minted by `npm run admin -- token <remote> [label]` and stored as its
 * SHA-256 hash — acts on its own remote only; a signed-in admin (session JWT, role 'admin') on
 * every remote. No token or an unknown one: 401; another remote's token or a non-admin: 403.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RemoteName } from '../config.ts';
import { HttpError } from '../errors.ts';
import type { ReleasesRepository } from './repository.ts';

/** Who is calling: the remote a deploy token is for (null for an admin) and the audit name. */
export interface ReleaseActor {
  remote: RemoteName | null;
  /** The token's label (`env:<remote>` for DEPLOY_TOKENS) or the admin's e-mail. */
  name: string;
}

export const TOKEN_MESSAGES = {
  missing: 'A deploy token is required: Authorization: Bearer <token>',
  invalid: 'Unknown deploy token',
  notAdmin: 'Only admins or the remote’s deploy token can do this',
  otherRemote: (tokenRemote: string, remote: string) =>
    `This deploy token is for ${tokenRemote}, not ${remote}`,
} as const;

/** SHA-256 hex of a token (what `deploy_tokens.token_hash` holds). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new random deploy token (32 bytes, base64url). */
export const newDeployToken = (): string => randomBytes(32).toString('base64url');

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const looksLikeJwt = (token: string) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);

/**
 * Builds the request check of the release routes.
 * @returns `actorOf(request)`: the caller, or throws HttpError 401/403
 */
export function releaseAuth(
  app: FastifyInstance,
  envTokens: { remote: RemoteName; token: string }[],
  repository: ReleasesRepository,
) {
  const envHashes = envTokens.map(({ remote, token }) => ({
    remote,
    hash: Buffer.from(hashToken(token), 'hex'),
  }));
  return async function actorOf(request: FastifyRequest): Promise<ReleaseActor> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new HttpError(401, TOKEN_MESSAGES.missing);
    if (looksLikeJwt(token)) {
      await app.authenticate(request, undefined as never);
      if (request.user?.role !== 'admin') throw new HttpError(403, TOKEN_MESSAGES.notAdmin);
      return { remote: null, name: request.user.email };
    }
    const hash = hashToken(token);
    const digest = Buffer.from(hash, 'hex');
    const fromEnv = envHashes.find((entry) => timingSafeEqual(entry.hash, digest));
    if (fromEnv) return { remote: fromEnv.remote, name: `env:${fromEnv.remote}` };
    const minted = await repository.tokenByHash(hash);
    if (minted) return { remote: minted.remote as RemoteName, name: minted.label };
    throw new HttpError(401, TOKEN_MESSAGES.invalid);
  };
}

/** @throws HttpError 403 when a deploy token of another remote acts on `remote` */
export function assertMayChange(actor: ReleaseActor, remote: string): void {
  if (actor.remote !== null && actor.remote !== remote)
    throw new HttpError(403, TOKEN_MESSAGES.otherRemote(actor.remote, remote));
}
