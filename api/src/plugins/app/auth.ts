/**
 * Authentication plugin (docs/product.md §12; ARCHITECTURE "API conventions": `Authorization: Bearer <jwt>`).
 *
 * Registers @fastify/jwt (`app.jwt`, which the account service `app.auth` signs session tokens
 * with; that service is built with the others in `resources.ts`) and decorates the app with:
 * - `app.authenticate`: a hook for routes that need a signed-in user. It reads the bearer token,
 *   verifies signature and expiry (HS256, 7 days; `exp`, `jti` and `sub` required: a token
 *   without them is refused even when signed with our key, ADR 0011), loads the user,
 *   refuses tokens issued before the last password change, of an ended session generation, or
 *   logged out, and sets `request.user` (`SessionUser`) and `request.sessionClaims`. Failures are
 *   401 `{status: "fail", message}`: 'Please log in to continue' (no token), 'Your session has
 *   expired. Please log in again.', 'Your session is not valid. Please log in again.', 'Your
 *   password was changed recently. Please log in again.', 'You have been logged out. Please log
 *   in again.'.
 * - `app.requireVerified`: after `authenticate`, 403 'Please verify your email address to
 *   continue.' unless the user's e-mail is verified (login already requires it; this guards
 *   against tokens minted otherwise).
 *
 * Use in a route (selling routes, profile):
 * ```ts
 * app.post('/products', { onRequest: [app.authenticate, app.requireVerified] }, async (request) => {
 *   const sellerId = request.user.id; // owner checks: compare with the row's owner id → 403
 * });
 * ```
 * (`preHandler` works too; `onRequest` rejects before a multipart body is read.)
 */

import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES, type SessionClaims } from '../../auth/service.ts';
import { type SessionUser, toSessionUser } from '../../auth/session-user.ts';
import { HttpError } from '../../errors.ts';

/** Lifetime of a session token (JWT `exp` - `iat`). */
export const SESSION_TTL = '7d';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionUser;
  }
}

type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler hook: 401 unless a valid session; sets `request.user`. */
    authenticate: AuthHook;
    /** Hook after `authenticate`: 403 unless the user's e-mail is verified. */
    requireVerified: AuthHook;
  }
  interface FastifyRequest {
    /** The verified claims of the request's session token (set by `app.authenticate`). */
    sessionClaims: SessionClaims;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;

export default fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyJwt, {
      secret: app.config.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: SESSION_TTL },
      verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'jti', 'sub'] },
    });
    app.decorateRequest('sessionClaims', null as unknown as SessionClaims);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const match = BEARER.exec(request.headers.authorization ?? '');
      if (!match?.[1]) throw new HttpError(401, AUTH_MESSAGES.notLoggedIn);
      let claims: SessionClaims;
      try {
        claims = app.jwt.verify<SessionClaims>(match[1]);
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new HttpError(
          401,
          code === 'FAST_JWT_EXPIRED' ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.sessionInvalid,
        );
      }
      request.user = toSessionUser(await app.auth.sessionUser(claims));
      request.sessionClaims = claims;
    });

    app.decorate('requireVerified', async (request: FastifyRequest) => {
      if (!request.user) throw new HttpError(401, AUTH_MESSAGES.notLoggedIn);
      if (!request.user.emailVerified) throw new HttpError(403, AUTH_MESSAGES.notVerified);
    });
  },
  { name: 'auth' },
);
