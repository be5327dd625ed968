/**
 * Authentication plugin (issue 4; ARCHITECTURE "API conventions": `Authorization: Bearer <jwt>`).
 *
 * Decorates the app with:
 * - `app.auth`: the account service (`auth/service.ts`);
 * - `app.authenticate`: a hook for routes that need a signed-in user. It reads the bearer token,
 *   verifies signature and expiry (HS256, 7 days; `exp`, `jti` and `sub` required: a token
 *   without them is refused even when signed with our key, issue 10 item 12), loads the user,
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

import { createPasswordChecker } from '@campus/shared/password-policy';
import fastifyJwt from '@fastify/jwt';
import * as zxcvbnCore from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authRepository } from '../../auth/repository.ts';
import { AUTH_MESSAGES, type AuthService, authService, type SessionClaims } from '../../auth/service.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';

/** Lifetime of a session token (JWT `exp` - `iat`). */
export const SESSION_TTL = '7d';

/** The signed-in user of a request, set by `app.authenticate` as `request.user`. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  whatsApp: string;
  university: string;
  photo: string | null;
  role: 'user' | 'admin';
  emailVerified: boolean;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionUser;
  }
}

type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Account use cases (signup, login, verification, password reset). */
    auth: AuthService;
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

/** Maps a users row to the `request.user` shape. */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    whatsApp: row.whatsapp,
    university: row.university,
    photo: row.photo,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
  };
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

    app.decorate(
      'auth',
      authService({
        repository: authRepository(app.db, { adminEmails: app.config.adminEmails }),
        outbox: app.outbox,
        passwordChecker: createPasswordChecker({ core: zxcvbnCore, common: zxcvbnCommon }),
        publicUrl: app.config.publicUrl,
        signToken: (claims) => app.jwt.sign(claims),
        log: app.log.child({ module: 'auth' }),
        onAccountCreated: () => app.responseCache.invalidate('accounts'),
      }),
    );

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
  { name: 'auth', dependencies: ['database', 'outbox'] },
);
