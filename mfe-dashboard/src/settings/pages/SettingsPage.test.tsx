import { currentToken, loadPasswordChecker } from '@campus/shared';
import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsPage from './SettingsPage';

const api = setupFakeApi();

// The password dictionaries load lazily (a dynamic import, as in the browser): load them once up
// front so the first test does not pay for it inside its own timeout.
beforeAll(() => loadPasswordChecker(), 60_000);

const me = {
  _id: 'u1',
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  email: 'w@students.uonbi.ac.ke',
  whatsApp: '254712345678',
  university: 'University of Nairobi',
  photo: null,
  role: 'user',
};
let updateAnswer: { status: number; body: unknown };
let passwordAnswer: { status: number; body: unknown };
let logoutAllAnswer: { status: number; body: unknown };

beforeEach(() => {
  signIn();
  updateAnswer = {
    status: 200,
    body: { status: 'success', data: { user: { ...me, firstName: 'Wanjiku' } } },
  };
  passwordAnswer = { status: 200, body: { status: 'success', token: 'fresh.jwt.token', user: me } };
  logoutAllAnswer = {
    status: 200,
    body: { status: 'success', message: 'You have been logged out of all devices.' },
  };
  api.respond = (request) => {
    if (request.path === '/users/me') return { body: { status: 'success', data: { user: me } } };
    if (request.path === '/universities') {
      return {
        body: {
          status: 'success',
          data: {
            universities: [
              { name: 'Kenyatta University', url: 'https://ku.ac.ke' },
              { name: 'University of Nairobi', url: 'https://uonbi.ac.ke' },
            ],
          },
        },
      };
    }
    if (request.path === '/shops/mine') return { body: { status: 'success', data: { shop: null } } };
    if (request.method === 'PATCH' && request.path === '/users/updateMe') return updateAnswer;
    if (request.method === 'PATCH' && request.path === '/users/updateMyPassword') return passwordAnswer;
    if (request.method === 'POST' && request.path === '/auth/logout-all') return logoutAllAnswer;
    if (request.method === 'POST' && request.path === '/shops') {
      return {
        status: 201,
        body: { status: 'success', data: { shop: { _id: 'sh1', name: 'Wanjiru Electronics' } } },
      };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});

/** Replaces the value of `input` with `text` (pasted: typing every character is slow and covered elsewhere). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

const renderSettings = () => renderPage(<SettingsPage />, { path: '/app/settings', route: '/app/settings' });

describe('SettingsPage (app.settings)', () => {
  it('updates the profile with the changed fields and the session user', async () => {
    const user = userEvent.setup();
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const first = await screen.findByLabelText(/^First name/);
    await waitFor(() => expect(screen.getByLabelText(/^WhatsApp number/)).toHaveValue('254712345678'));
    await user.clear(first);
    await user.type(first, 'Wanjiku');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    const [request] = api.requestsTo('PATCH', '/users/updateMe');
    expect(request?.parts).toEqual([{ name: 'firstName', value: 'Wanjiku' }]);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').firstName).toBe('Wanjiku');
  });

  it('shows the stored session user when the profile cannot be loaded, says when the shop cannot, takes a typed university without the list, and ignores answers after leaving', async () => {
    const answered = api.respond;
    api.respond = (request) =>
      ['/users/me', '/shops/mine', '/universities'].includes(request.path)
        ? { status: 500, body: { status: 'error', message: 'Something went wrong' } }
        : answered(request);
    renderSettings();
    // signIn()'s user (Wanjiru Kamau) fills the form when GET /users/me fails.
    expect(
      await screen.findByText('Your shop could not be loaded. Reload the page to try again.'),
    ).toBeInTheDocument();
    expect(api.requestsTo('GET', '/users/me')).toHaveLength(1);
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Wanjiru');
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Kamau');
    // Without the list of universities the field takes free text instead of a choice.
    await waitFor(() => expect(screen.getByLabelText(/^University/).tagName).toBe('INPUT'));

    // Leaving the page before the answers arrive: nothing is set on the unmounted page.
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = renderSettings();
    unmount();
    await waitFor(() => expect(api.requestsTo('GET', '/shops/mine')).toHaveLength(2));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("shows 'Failed to update profile' when the update fails", async () => {
    const user = userEvent.setup();
    updateAnswer = { status: 500, body: { status: 'error', message: 'Something went wrong on our side.' } };
    renderSettings();
    await screen.findByRole('option', { name: 'Kenyatta University' });
    await user.selectOptions(screen.getByLabelText(/^University/), 'Kenyatta University');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findAllByText('Failed to update profile')).not.toHaveLength(0);
  });

  it('checks the WhatsApp format before sending', async () => {
    const user = userEvent.setup();
    renderSettings();
    const whatsApp = await screen.findByLabelText(/^WhatsApp number/);
    await waitFor(() => expect(whatsApp).toHaveValue('254712345678'));
    await user.clear(whatsApp);
    await user.type(whatsApp, '0712');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Please enter a valid WhatsApp number (e.g., 254 followed by 9 digits)'),
    ).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/users/updateMe')).toHaveLength(0);
  });

  it('opens my shop and links to its page', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.type(await screen.findByLabelText(/^Shop name/), 'Wanjiru Electronics');
    await user.click(screen.getByRole('button', { name: 'Open my shop' }));
    expect(await screen.findByText('Your shop is open!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View my shop' })).toHaveAttribute('href', '/shop/sh1');
    expect(api.requestsTo('POST', '/shops')[0]?.parts).toEqual([
      { name: 'name', value: 'Wanjiru Electronics' },
      { name: 'description', value: '' },
      { name: 'address', value: '' },
      { name: 'phone', value: '' },
    ]);
  });

  it('changes the password: strength meter, then the fresh session is kept (§12)', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = await screen.findByRole('form', { name: 'Change password' }, { timeout: 10_000 });
    await fill(user, within(form).getByLabelText(/^Current Password/), 'Mango-Tree-42');
    const password = within(form).getByLabelText(/^New Password/);
    await fill(user, password, 'Blue-Papaya-19');
    const meter = await within(form).findByRole('meter', { name: 'Password strength' }, { timeout: 10_000 });
    expect(meter).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Strength: (fair|good|strong)$/));
    expect(within(form).getByText(meter.getAttribute('aria-valuetext')!)).toBeInTheDocument();
    await fill(user, within(form).getByLabelText(/^Confirm New Password/), 'Blue-Papaya-19');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('Password changed. Your other devices have been logged out.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/users/updateMyPassword')[0]?.body).toEqual({
      passwordCurrent: 'Mango-Tree-42',
      password: 'Blue-Papaya-19',
      passwordConfirm: 'Blue-Papaya-19',
    });
    expect(currentToken()).toBe('fresh.jwt.token');
    expect(password).toHaveValue('');
  }, 60_000);

  it('refuses a common password or one with my name before sending, and shows a wrong current password', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = await screen.findByRole('form', { name: 'Change password' }, { timeout: 10_000 });
    const password = within(form).getByLabelText(/^New Password/);
    const confirm = within(form).getByLabelText(/^Confirm New Password/);
    await fill(user, within(form).getByLabelText(/^Current Password/), 'wrong-one');
    await fill(user, password, 'password');
    await fill(user, confirm, 'password');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(
      await within(form).findByText('This password is too common. Choose a less common one.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(
      await within(form).findByRole('meter', { name: 'Password strength' }, { timeout: 10_000 }),
    ).toHaveAttribute('aria-valuetext', 'Strength: very weak');
    await fill(user, password, 'Kamau-2026!');
    await fill(user, confirm, 'Kamau-2026!');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(
      await within(form).findByText('Your password must not contain your name or email.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/users/updateMyPassword')).toHaveLength(0);

    passwordAnswer = {
      status: 400,
      body: {
        status: 'fail',
        message: 'Your current password is not correct',
        errors: { passwordCurrent: 'Your current password is not correct' },
      },
    };
    await fill(user, password, 'Blue-Papaya-19');
    await fill(user, confirm, 'Blue-Papaya-19');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(
      await within(form).findByText('Your current password is not correct', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(currentToken()).toBe('test.jwt.token');
  }, 60_000);

  it('logs out of all devices after a confirmation, then clears the session and goes home', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(
      await screen.findByRole('button', { name: 'Log out of all devices' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Log out of all devices?' },
      { timeout: 10_000 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), {
      timeout: 10_000,
    });
    expect(api.requestsTo('POST', '/auth/logout-all')).toHaveLength(1);
    expect(api.requestsTo('POST', '/auth/logout-all')[0]?.authorization).toBe('Bearer test.jwt.token');
    expect(currentToken()).toBeNull();
  });
});
