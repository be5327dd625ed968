/**
 * Account routes under /api/v1 (docs/product.md §7; §12; ARCHITECTURE decisions on resend and the
 * verification link; docs/product.md §14): signup, verify-email (redirect with a code), resend-verification,
 * login, logout, logout-all, forgot-password and reset-password. Every anonymous write route is
 * rate-limited per IP and per account (`rate-limits.ts`); a login sets a device cookie
 * (`device-cookie.ts`, ADR 0031). Handlers stay thin: rules and messages
 * live in the service.
 */
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
import { deviceCookies } from './device-cookie.ts';
import { authRateLimit, emailKey, tokenKey } from './rate-limits.ts';
import {
  forgotPasswordSchema,
  loginSchema,
  logoutAllSchema,
  logoutSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from './schemas.ts';

/** Path of the verification result page the link redirects to (docs/product.md §2). */
export const VERIFY_EMAIL_PAGE = '/verify-email';

export default async function authRoutes(app: FastifyInstance) {
  route(app, 'POST /auth/signup', { schema: signupSchema, preValidation: authRateLimit(app, 'signup') })(
    async (request) => {
      const { message } = await app.auth.signup(request.body ?? {});
      return { status: 'success', message };
    },
  );

  route(app, 'GET /auth/verify-email/:token', { schema: verifyEmailSchema })(async (request, reply) => {
    const outcome = await app.auth.verifyEmail(request.params.token);
    // Only a code: the page shows its own text for it (ADR 0011).
    const query = new URLSearchParams({ status: outcome.status, code: outcome.code });
    // Relative: the browser stays on the origin it used (the site, or a dev server's proxy).
    return reply.redirect(`${VERIFY_EMAIL_PAGE}?${query.toString()}`, 303);
  });

  route(app, 'POST /auth/resend-verification', {
    schema: resendVerificationSchema,
    preValidation: authRateLimit(app, 'resendVerification'),
  })(async (request) => ({ status: 'success', ...(await app.auth.resendVerification(request.body?.email)) }));

  // A browser that logs in gets a device cookie: its later logins skip the per-e-mail ceiling.
  const devices = deviceCookies(app.config.jwtSecret, { secure: app.config.publicUrl.startsWith('https:') });
  route(app, 'POST /auth/login', {
    schema: loginSchema,
    preValidation: authRateLimit(app, 'login', emailKey, devices),
  })(async (request, reply) => {
    const { token, user } = await app.auth.login(request.body?.email, request.body?.password);
    reply.header('set-cookie', devices.issue(emailKey(request)));
    return { status: 'success', token, user };
  });

  route(app, 'POST /auth/logout', { schema: logoutSchema, onRequest: app.authenticate })(async (request) => ({
    status: 'success',
    ...(await app.auth.logout(request.user.id, request.sessionClaims)),
  }));

  route(app, 'POST /auth/logout-all', { schema: logoutAllSchema, onRequest: app.authenticate })(
    async (request) => ({
      status: 'success',
      ...(await app.auth.logoutEverywhere(request.user.id)),
    }),
  );

  route(app, 'POST /auth/forgot-password', {
    schema: forgotPasswordSchema,
    preValidation: authRateLimit(app, 'forgotPassword'),
  })(async (request) => ({ status: 'success', ...(await app.auth.forgotPassword(request.body?.email)) }));

  route(app, 'PATCH /auth/reset-password/:token', {
    schema: resetPasswordSchema,
    preValidation: authRateLimit(app, 'resetPassword', tokenKey),
  })(async (request) => ({
    status: 'success',
    ...(await app.auth.resetPassword(
      request.params.token,
      request.body?.password,
      request.body?.passwordConfirm,
    )),
  }));
}
