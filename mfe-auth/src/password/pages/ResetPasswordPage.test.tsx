import { loadPasswordChecker } from '@campus/shared';
import { renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResetPasswordPage from './ResetPasswordPage';

const TOKEN = 'AbC_dEf-0123456789abcdefghijklmnopqrstuvwxy';
const api = setupFakeApi();

// The password dictionaries load lazily (a dynamic import, as in the browser): load them once up
// front so the first test does not pay for it inside its own timeout.
beforeAll(() => loadPasswordChecker(), 60_000);

beforeEach(() => {
  api.respond = () => ({
    body: {
      status: 'success',
      message: 'Your password has been reset. You can now log in with your new password.',
    },
  });
});

function renderReset() {
  renderPage(<ResetPasswordPage />, { path: '/reset-password/:token', route: `/reset-password/${TOKEN}` });
  return {
    password: screen.getByLabelText('New Password', { selector: 'input' }),
    confirm: screen.getByLabelText('Confirm New Password', { selector: 'input' }),
    button: () => screen.getByRole('button', { name: /^(Reset Password|Resetting\.\.\.)$/ }),
  };
}

describe('ResetPasswordPage', () => {
  it('sends the new password for the token of the URL, then offers to log in', async () => {
    const user = userEvent.setup();
    const { password, confirm, button } = renderReset();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByText('Use at least 4 characters.')).toBeInTheDocument();
    expect(button()).toBeDisabled();
    await user.type(password, 'new-pass');
    await user.type(confirm, 'new-pass');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());
    expect(
      await screen.findByText('Your password has been reset. You can now log in with your new password.'),
    ).toBeInTheDocument();
    expect(api.requestsTo('PATCH', `/auth/reset-password/${TOKEN}`)[0]?.body).toEqual({
      password: 'new-pass',
      passwordConfirm: 'new-pass',
    });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth?mode=login');
  });

  it('applies the password rules before sending', async () => {
    const user = userEvent.setup();
    const { password, confirm, button } = renderReset();
    await user.type(password, 'abc');
    await user.type(confirm, 'abd');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(await screen.findByText('Password must be at least 4 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    // One message under the confirmation, not two (docs/product.md §21.3).
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(button()).toBeDisabled();
  });

  it("shows the server's message for a refused link and a way to get a new one", async () => {
    const user = userEvent.setup();
    api.respond = () => ({
      status: 400,
      body: {
        status: 'fail',
        message:
          'This password reset link has expired (links are valid for 1 hour). Please request a new one.',
      },
    });
    const { password, confirm, button } = renderReset();
    await user.type(password, 'new-pass');
    await user.type(confirm, 'new-pass');
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());
    const form = screen.getByRole('form', { name: 'Reset password' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(/has expired/);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows a labelled strength meter and refuses a common password before sending (§12)', async () => {
    const user = userEvent.setup();
    const { password, confirm, button } = renderReset();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    await user.type(password, 'abcd');
    const meter = await screen.findByRole('meter', { name: 'Password strength' }, { timeout: 10_000 });
    expect(meter).toHaveAttribute('aria-valuetext', 'Strength: very weak');
    expect(screen.getByText('Strength: very weak')).toBeInTheDocument();
    await user.type(confirm, 'abcd');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(
      await screen.findByText('This password is too common. Choose a less common one.'),
    ).toBeInTheDocument();
    expect(button()).toBeDisabled();
    await user.clear(password);
    await user.type(password, 'Blue-Papaya-19');
    await waitFor(() =>
      expect(screen.getByRole('meter')).not.toHaveAttribute('aria-valuetext', 'Strength: very weak'),
    );
    expect(password).toHaveAttribute('aria-describedby', expect.stringContaining('reset-password-strength'));
    expect(api.requests).toHaveLength(0);
  });
});
