import type { RouteObject } from 'react-router';
import AuthPage from './auth/pages/AuthPage';
import ForgotPasswordPage from './password/pages/ForgotPasswordPage';
import ResetPasswordPage from './password/pages/ResetPasswordPage';
import CheckInboxPage from './verification/pages/CheckInboxPage';
import VerifyEmailPage from './verification/pages/VerifyEmailPage';

/** The auth pages at the same paths as in the host, for standalone development. */
export const standaloneRoutes: RouteObject[] = [
  { path: '/', element: <AuthPage /> },
  { path: '/auth', element: <AuthPage /> },
  { path: '/check-inbox', element: <CheckInboxPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
];
