import { screen } from '@testing-library/react';
import { renderPage } from '../../common/testing/render-page';
import VerifyEmailPage from './VerifyEmailPage';

const renderVerify = (search: string) =>
  renderPage(<VerifyEmailPage />, { path: '/verify-email', route: `/verify-email${search}` });

describe('VerifyEmailPage (spec 2 "Email verification result page", spec 4)', () => {
  it("status=success: 'Email Verified Successfully', the message, Log in and Go to Homepage", () => {
    renderVerify(
      `?status=success&message=${encodeURIComponent('Your email address has been verified. You can now log in.')}`,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Email Verified Successfully' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your email address has been verified. You can now log in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth?mode=login');
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it("status=error: 'Verification Failed' and the server's message", () => {
    renderVerify(`?status=error&message=${encodeURIComponent('This verification link has expired.')}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link has expired.');
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Request a new verification email' })).toHaveAttribute(
      'href',
      '/check-inbox',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it.each(['', '?status=pending', '?status=SUCCESS&message=x'])(
    "any other status (%s): 'Verifying your email...'",
    (search) => {
      renderVerify(search);
      expect(screen.getByRole('heading', { level: 1, name: 'Verifying your email...' })).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    },
  );
});
