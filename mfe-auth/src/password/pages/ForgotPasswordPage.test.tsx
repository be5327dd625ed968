import { gate, renderPage, setupFakeApi } from '@campus/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ForgotPasswordPage from './ForgotPasswordPage';

const ACCEPTED =
  'If an account exists for this email, we have sent a link to reset your password. The link is valid for 1 hour.';
const api = setupFakeApi();
beforeEach(() => {
  api.respond = () => ({ body: { status: 'success', message: ACCEPTED } });
});

const renderForgot = () =>
  renderPage(<ForgotPasswordPage />, { path: '/forgot-password', route: '/forgot-password' });

describe('ForgotPasswordPage', () => {
  it("sends the e-mail ('Sending...'), then shows the server's message and a way back to login", async () => {
    const user = userEvent.setup();
    const hold = gate();
    api.respond = () => ({ waitFor: hold.promise, body: { status: 'success', message: ACCEPTED } });
    renderForgot();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' amina@ku.ac.ke ');
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    hold.open();
    expect(await screen.findByText(ACCEPTED)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/auth/forgot-password')[0]?.body).toEqual({ email: 'amina@ku.ac.ke' });
    expect(screen.getByRole('link', { name: 'Back to Log in' })).toHaveAttribute('href', '/auth?mode=login');
    await user.click(screen.getByRole('button', { name: 'send it again' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it('checks the address on submit', async () => {
    const user = userEvent.setup();
    renderForgot();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'amina@');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("shows the server's message when it refuses", async () => {
    const user = userEvent.setup();
    api.respond = () => ({
      status: 429,
      body: { status: 'fail', message: 'Too many attempts, please try again in 30 seconds.' },
    });
    renderForgot();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'amina@ku.ac.ke');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const form = screen.getByRole('form', { name: 'Forgot password' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Too many attempts, please try again in 30 seconds.',
    );
  });
});
