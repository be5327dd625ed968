import { clearSession } from '@campus/shared';
import { currentLocation, gate, renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_USER } from '../../common/testing/fixtures';
import AuthPage from '../pages/AuthPage';
import { LOGIN_MESSAGES, loginSchema } from '../validation';

const api = setupFakeApi();
beforeEach(() => {
  clearSession();
  api.respond = () => ({
    status: 200,
    body: { status: 'success', token: 'jwt.token.value', user: TEST_USER },
  });
});

function renderLogin(route = '/auth?mode=login', guestOnly = false) {
  renderPage(<AuthPage />, { path: '/auth', route, guestOnly });
  return {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password', { selector: 'input' }),
    button: screen.getByRole('button', { name: 'Log In' }),
  };
}

describe('LoginForm (§2, §4, §5, §8)', () => {
  it('keeps Log In disabled while a field is empty after trimming', async () => {
    const user = userEvent.setup();
    const { email, password, button } = renderLogin();
    expect(button).toBeDisabled();
    await user.type(email, '   ');
    await user.type(password, 'pass');
    expect(button).toBeDisabled();
    await user.clear(email);
    await user.type(email, 'a@b.co');
    expect(button).toBeEnabled();
    await user.clear(password);
    await user.type(password, '    ');
    expect(button).toBeDisabled();
  });

  it('validates on submit: first error per field below it, red border, and no request', async () => {
    const user = userEvent.setup();
    const { email, password, button } = renderLogin();
    await user.type(email, 'not-an-email');
    await user.type(password, 'abc');
    // Nothing before submitting.
    expect(screen.queryByText(LOGIN_MESSAGES.email)).not.toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText('Value is not a valid email address')).toBeInTheDocument();
    expect(screen.getByText('This field should be at least 4 characters long')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Value is not a valid email address');
    expect(api.requests).toHaveLength(0);
  });

  it("the schema says 'Value is required' for blank fields (first error only)", async () => {
    const error = await loginSchema
      .validate({ email: '  ', password: '' }, { abortEarly: false })
      .catch((e) => e);
    expect(error.inner.map((e: { path: string; message: string }) => [e.path, e.message])).toEqual([
      ['email', 'Value is required'],
      ['password', 'Value is required'],
    ]);
  });

  it('has a show/hide password toggle and a Forgot your password? link', async () => {
    const user = userEvent.setup();
    const { password } = renderLogin();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it("shows 'Logging in...' with a spinner while the request runs, then 'Login successful' and /products", async () => {
    const user = userEvent.setup();
    const hold = gate();
    api.respond = () => ({
      waitFor: hold.promise,
      body: { status: 'success', token: 'jwt.token.value', user: TEST_USER },
    });
    const { email, password } = renderLogin();
    await user.type(email, '  Wanjiru@Students.uonbi.ac.ke ');
    await user.type(password, 'pass1234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    expect(busy.querySelector('[role="progressbar"]')).not.toBeNull();
    hold.open();
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/products'));
    expect(localStorage.getItem('jwt')).toBe('jwt.token.value');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').firstName).toBe('Wanjiru');
    expect(api.requestsTo('POST', '/auth/login')[0]?.body).toEqual({
      email: 'Wanjiru@Students.uonbi.ac.ke',
      password: 'pass1234',
    });
  });

  it.each([
    ['/app/settings', '/app/settings'],
    ['/products?page=2', '/products?page=2'],
    ['//evil.example.com', '/products'],
    ['https://evil.example.com/', '/products'],
    ['/\\evil.example.com', '/products'],
  ])('after login goes to redirect=%s → %s', async (redirect, expected) => {
    const user = userEvent.setup();
    const { email, password } = renderLogin(`/auth?mode=login&redirect=${encodeURIComponent(redirect)}`);
    await user.type(email, 'a@b.co');
    await user.type(password, 'pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(currentLocation()).toBe(expected));
  });

  it('honours redirect behind a guest-only guard like the host one on /auth', async () => {
    const user = userEvent.setup();
    const { email, password } = renderLogin('/auth?mode=login&redirect=%2Fapp%2Fsettings', true);
    await user.type(email, 'a@b.co');
    await user.type(password, 'pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(currentLocation()).toBe('/app/settings'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentLocation()).toBe('/app/settings');
  });

  it("shows the server's message under the form and as an error notice, then returns to idle", async () => {
    const user = userEvent.setup();
    api.respond = () => ({ status: 401, body: { status: 'fail', message: 'Incorrect email or password' } });
    const { email, password } = renderLogin();
    await user.type(email, 'a@b.co');
    await user.type(password, 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(screen.getAllByText('Incorrect email or password')).toHaveLength(2));
    expect(within(screen.getByRole('form', { name: 'Log in' })).getByRole('alert')).toHaveTextContent(
      'Incorrect email or password',
    );
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
    expect(currentLocation()).toBe('/auth?mode=login');
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('stays on the page for an unverified account (403), showing the message', async () => {
    const user = userEvent.setup();
    const message =
      'Please verify your email address before logging in. Check your inbox for the verification link or request a new one.';
    api.respond = () => ({ status: 403, body: { status: 'fail', message } });
    const { email, password } = renderLogin();
    await user.type(email, 'a@b.co');
    await user.type(password, 'pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const form = screen.getByRole('form', { name: 'Log in' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(currentLocation()).toBe('/auth?mode=login');
  });

  it("says the network failed (not the password) when nothing answers, and 'Try again' sends again (§21)", async () => {
    const user = userEvent.setup();
    api.respond = () => ({ closeConnection: true });
    const { email, password } = renderLogin();
    await user.type(email, 'a@b.co');
    await user.type(password, 'pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() =>
      expect(screen.getAllByText("Can't reach Campus Soko — check your connection")).toHaveLength(2),
    );
    expect(screen.queryByText('Wrong email or password. Please try again.')).not.toBeInTheDocument();
    const before = api.requestsTo('POST', '/auth/login').length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.requestsTo('POST', '/auth/login').length).toBe(before + 1));
  });

  it("says 'Wrong email or password. Please try again.' when the answer has no message", async () => {
    const user = userEvent.setup();
    api.respond = () => ({ status: 500, body: {} });
    const { email, password } = renderLogin();
    await user.type(email, 'a@b.co');
    await user.type(password, 'pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() =>
      expect(screen.getAllByText('Wrong email or password. Please try again.')).toHaveLength(2),
    );
  });
});
