/** Auth remote: /auth (login + signup), check-inbox, verify-email, forgot and reset password. */
import { createFrontendConfig, REMOTES } from '../rspack.base';

/** Page-level modules this remote exposes to the host (ids 'auth/<key>'). */
export const exposes = {
  './AuthPage': './src/auth/pages/AuthPage.tsx',
  './CheckInboxPage': './src/verification/pages/CheckInboxPage.tsx',
  './VerifyEmailPage': './src/verification/pages/VerifyEmailPage.tsx',
  './ForgotPasswordPage': './src/password/pages/ForgotPasswordPage.tsx',
  './ResetPasswordPage': './src/password/pages/ResetPasswordPage.tsx',
};

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createFrontendConfig({
    name: 'auth',
    dir: __dirname,
    port: REMOTES.auth,
    exposes,
    mode: argv.mode ?? 'development',
  });
