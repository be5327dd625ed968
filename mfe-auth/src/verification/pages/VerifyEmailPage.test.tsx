import { renderPage } from '@campus/testing';
import { screen } from '@testing-library/react';
import VerifyEmailPage, { VERIFY_MESSAGES } from './VerifyEmailPage';

const renderVerify = (search: string) =>
  renderPage(<VerifyEmailPage />, { path: '/verify-email', route: `/verify-email${search}` });

describe('VerifyEmailPage (§2 "Email verification result page", §4)', () => {
  it("status=success: 'Email Verified Successfully', the message, Log in and Go to Homepage", () => {
    renderVerify('?status=success&code=verified');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Email Verified Successfully' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your email address has been verified. You can now log in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth?mode=login');
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it("status=error: 'Verification Failed' and the page's own message for the code", () => {
    renderVerify('?status=error&code=expired');
    expect(screen.getByRole('heading', { level: 1, name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(VERIFY_MESSAGES.error.expired);
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

  it.each(['invalid', 'used', 'superseded', 'already-verified'] as const)(
    'code=%s shows its known message',
    (code) => {
      renderVerify(`?status=error&code=${code}`);
      expect(screen.getByRole('alert')).toHaveTextContent(VERIFY_MESSAGES.error[code]);
    },
  );

  it('text from the URL is never rendered: a phishing message= is ignored, an unknown code gets the generic text (§12)', () => {
    const phishing = 'Your account is suspended. Send your password to +254700000000 on WhatsApp.';
    const { unmount } = renderVerify(`?status=success&message=${encodeURIComponent(phishing)}`);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Email Verified Successfully' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(phishing)).not.toBeInTheDocument();
    expect(screen.getByText(VERIFY_MESSAGES.success.generic)).toBeInTheDocument();
    unmount();
    renderVerify(
      `?status=error&code=${encodeURIComponent(phishing)}&message=${encodeURIComponent(phishing)}`,
    );
    expect(screen.queryByText(phishing)).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(VERIFY_MESSAGES.error.generic);
  });
});
