import { loadPasswordChecker } from '@campus/shared';
import {
  currentLocation,
  type FakeApi,
  gate,
  type RecordedRequest,
  renderPage,
  setupFakeApi,
} from '@campus/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_UNIVERSITIES } from '../../common/testing/fixtures';
import { resetUniversitiesCache } from '../hooks/useUniversities';
import AuthPage from '../pages/AuthPage';

let signupAnswer: (
  request: RecordedRequest,
) => Parameters<FakeApi['respond']> extends never ? never : ReturnType<FakeApi['respond']>;

const api = setupFakeApi();

// The password dictionaries load lazily (a dynamic import, as in the browser): load them once up
// front so the first test does not pay for it inside its own timeout.
beforeAll(() => loadPasswordChecker(), 60_000);

beforeEach(() => {
  resetUniversitiesCache();
  signupAnswer = () => ({
    status: 201,
    body: {
      status: 'success',
      message: 'Registered successfully. Please check your email to verify your account.',
    },
  });
  api.respond = (request) =>
    request.path === '/universities'
      ? { body: { status: 'success', data: { universities: TEST_UNIVERSITIES } } }
      : signupAnswer(request);
});

type User = ReturnType<typeof userEvent.setup>;

async function renderSignup() {
  renderPage(<AuthPage />, { path: '/auth', route: '/auth?mode=register' });
  // The list arrives from GET /universities?country=KE.
  await waitFor(() => expect(api.requestsTo('GET', '/universities')).toHaveLength(1));
  expect(api.requestsTo('GET', '/universities')[0]?.query.get('country')).toBe('KE');
  const field = (name: string) => screen.getByRole('textbox', { name });
  return {
    firstName: field('First Name'),
    lastName: field('Last Name'),
    email: field('Email'),
    whatsApp: field('WhatsApp Number'),
    university: screen.getByRole('combobox', { name: 'University' }),
    password: screen.getByLabelText('Password', { selector: 'input' }),
    passwordConfirm: screen.getByLabelText('Confirm Password', { selector: 'input' }),
    button: () => screen.getByRole('button', { name: /^(Sign Up|Processing\.\.\.)$/ }),
  };
}

/** Opens the dropdown (if needed), types `text` and clicks the option `name`. */
async function pickUniversity(user: User, input: HTMLElement, text: string, name: string) {
  await user.click(input);
  await user.clear(input);
  await user.type(input, text);
  await user.click(await screen.findByRole('option', { name }));
}

/** Fills every field validly (pasting: typing is covered by the rule tests). */
async function fillValidForm(user: User, fields: Awaited<ReturnType<typeof renderSignup>>) {
  const paste = async (input: HTMLElement, text: string) => {
    await user.click(input);
    await user.paste(text);
  };
  await paste(fields.firstName, ' Wanjiru ');
  await paste(fields.lastName, 'Kamau');
  await paste(fields.email, 'wanjiru@students.uonbi.ac.ke ');
  await paste(fields.whatsApp, '254712345678');
  await pickUniversity(user, fields.university, 'nairobi', 'University of Nairobi');
  await paste(fields.password, 'Mango-Tree-42');
  await paste(fields.passwordConfirm, 'Mango-Tree-42');
}

describe('SignupForm fields, hints and messages (§2, §5)', () => {
  it('has every field, both hints, and the button disabled until the whole form is valid', async () => {
    const user = userEvent.setup();
    const fields = await renderSignup();
    expect(
      screen.getByText('Please enter your number in the format: 254 followed by 9 digits'),
    ).toBeInTheDocument();
    expect(screen.getByText('Use at least 4 characters.')).toBeInTheDocument();
    expect(fields.password).toHaveAccessibleDescription('Use at least 4 characters.');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeInTheDocument();
    expect(fields.button()).toBeDisabled();
    await fillValidForm(user, fields);
    await waitFor(() => expect(fields.button()).toBeEnabled());
    // Still disabled while any rule fails.
    await user.clear(fields.lastName);
    await waitFor(() => expect(fields.button()).toBeDisabled());
  });

  it('shows the required message of each field once it is left empty', async () => {
    const user = userEvent.setup();
    const fields = await renderSignup();
    for (const input of [fields.firstName, fields.lastName, fields.email, fields.whatsApp]) {
      await user.click(input);
      await user.tab();
    }
    await user.click(fields.university);
    await user.keyboard('{Escape}');
    await user.click(fields.password);
    await user.click(fields.passwordConfirm);
    await user.click(fields.firstName);
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'WhatsApp number is required',
      'Please select your university',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fields.firstName).toHaveAttribute('aria-invalid', 'true');
    expect(fields.firstName).toHaveAccessibleDescription('First name is required');
  });

  it('checks the e-mail format and the password length', async () => {
    const user = userEvent.setup();
    const fields = await renderSignup();
    await user.type(fields.email, 'wanjiru@uonbi');
    await user.type(fields.password, 'abc');
    await user.click(fields.lastName);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 4 characters long')).toBeInTheDocument();
    await user.type(fields.email, '.ac.ke');
    await user.type(fields.password, 'd');
    await waitFor(() =>
      expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Password must be at least 4 characters long')).not.toBeInTheDocument();
  });

  it('checks the WhatsApp number on each keystroke', async () => {
    const user = userEvent.setup();
    const fields = await renderSignup();
    const message = 'Please enter a valid WhatsApp number (e.g., 254 followed by 9 digits)';
    await user.type(fields.whatsApp, '07');
    // No blur needed: the message shows while typing.
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fields.whatsApp).toHaveFocus();
    await user.clear(fields.whatsApp);
    await user.type(fields.whatsApp, '25471234567');
    expect(screen.getByText(message)).toBeInTheDocument();
    await user.type(fields.whatsApp, '8');
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
    await user.type(fields.whatsApp, '9');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows ONE message under the confirmation: the live line while typing, the validation message once left (§21)', async () => {
    const user = userEvent.setup();
    const fields = await renderSignup();
    await user.type(fields.password, 'Mango-Tree-42');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    await user.type(fields.passwordConfirm, 'Mango-Tree-4');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument();
    await user.type(fields.passwordConfirm, '2');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    // Re-checked when the password changes; the confirmation was left, so its validation message shows.
    await user.type(fields.password, '5');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    await user.type(fields.passwordConfirm, '5');
    expect(await screen.findByText('Passwords match')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument());
  });
});

describe('University dropdown (§2 "Signup form", §9)', () => {
  it('opens on focus with every university in a list of at most 15rem that scrolls', async () => {
    const user = userEvent.setup();
    const { university } = await renderSignup();
    expect(university).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(university);
    expect(university).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'University' });
    expect(university).toHaveAttribute('aria-controls', listbox.id);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(TEST_UNIVERSITIES.map((u) => u.name));
    const style = window.getComputedStyle(listbox);
    expect(style.maxHeight).toBe('15rem');
    expect(style.overflowY).toBe('auto');
  });

  it('opens on typing and filters by case-insensitive substring', async () => {
    const user = userEvent.setup();
    const { university } = await renderSignup();
    await user.click(university);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(university, 'KENYATTA');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Jomo Kenyatta University of Agriculture and Technology',
      'Kenyatta University',
    ]);
    await user.clear(university);
    await user.type(university, 'moI u');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Moi University']);
    await user.clear(university);
    await user.type(university, 'harvard');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No universities match "harvard"')).toBeInTheDocument();
  });

  it('picking sets the field and the search text and closes the list', async () => {
    const user = userEvent.setup();
    const fields = await renderSignup();
    await pickUniversity(user, fields.university, 'strath', 'Strathmore University');
    expect(fields.university).toHaveValue('Strathmore University');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(fields.university).toHaveAttribute('aria-expanded', 'false');
    await user.click(fields.firstName);
    expect(screen.queryByText('Please select your university')).not.toBeInTheDocument();
  });

  it('can be used with the keyboard: ArrowDown highlights, Enter picks', async () => {
    const user = userEvent.setup();
    const { university } = await renderSignup();
    await user.click(university);
    await user.type(university, 'university');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = university.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)).toHaveTextContent('Kenyatta University');
    await user.keyboard('{Enter}');
    expect(university).toHaveValue('Kenyatta University');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('typed text alone does not count, even a whole name; editing after a pick un-picks', async () => {
    const user = userEvent.setup();
    const fields = await renderSignup();
    await fillValidForm(user, fields);
    await waitFor(() => expect(fields.button()).toBeEnabled());
    // Edit the picked text: the choice no longer counts.
    await user.type(fields.university, 'x');
    await user.click(fields.firstName);
    expect(await screen.findByText('Please select your university')).toBeInTheDocument();
    await waitFor(() => expect(fields.button()).toBeDisabled());
    // Typing a whole name without picking it does not count either.
    await user.clear(fields.university);
    await user.type(fields.university, 'Moi University');
    await user.click(fields.firstName);
    expect(screen.getByText('Please select your university')).toBeInTheDocument();
    expect(fields.button()).toBeDisabled();
    await pickUniversity(user, fields.university, 'Moi', 'Moi University');
    await waitFor(() => expect(fields.button()).toBeEnabled());
  });

  it('says when the list cannot be loaded and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    api.respond = (request) =>
      request.path === '/universities' && fail
        ? { status: 500, body: { status: 'error', message: 'down' } }
        : { body: { status: 'success', data: { universities: TEST_UNIVERSITIES } } };
    const { university } = await renderSignup();
    await user.click(university);
    expect(await screen.findByText('Could not load the list of universities.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: 'Moi University' })).toBeInTheDocument();
  });
});

describe('Signup submit (§4, §8)', () => {
  it("sends the payload, shows 'Processing...', then the notice and the Check Your Inbox page", async () => {
    const user = userEvent.setup();
    const hold = gate();
    signupAnswer = () => ({
      waitFor: hold.promise,
      status: 201,
      body: { status: 'success', message: 'ok' },
    });
    const fields = await renderSignup();
    await fillValidForm(user, fields);
    await waitFor(() => expect(fields.button()).toBeEnabled());
    await user.click(fields.button());
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(api.requestsTo('POST', '/auth/signup')[0]?.body).toEqual({
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      email: 'wanjiru@students.uonbi.ac.ke',
      whatsApp: '254712345678',
      university: 'University of Nairobi',
      password: 'Mango-Tree-42',
      passwordConfirm: 'Mango-Tree-42',
    });
    await act(async () => hold.open());
    expect(
      await screen.findByText('Registered successfully. Please check your email to verify your account.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/check-inbox?email=wanjiru%40students.uonbi.ac.ke'));
  });

  it("shows the server's message in red under the form and marks the field", async () => {
    const user = userEvent.setup();
    signupAnswer = () => ({
      status: 400,
      body: {
        status: 'fail',
        message: 'Please enter a valid email address',
        errors: { email: 'Please enter a valid email address' },
      },
    });
    const fields = await renderSignup();
    await fillValidForm(user, fields);
    await waitFor(() => expect(fields.button()).toBeEnabled());
    await user.click(fields.button());
    const form = screen.getByRole('form', { name: 'Sign up' });
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Please enter a valid email address'),
    );
    // In red: the theme's error colour.
    expect(window.getComputedStyle(within(form).getByRole('alert')).color).toBe('rgb(211, 47, 47)');
    expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/auth?mode=register');
  });

  it("says 'An error occurred during registration' when the answer has no message", async () => {
    const user = userEvent.setup();
    signupAnswer = () => ({ status: 500, body: {} });
    const fields = await renderSignup();
    await fillValidForm(user, fields);
    await waitFor(() => expect(fields.button()).toBeEnabled());
    await user.click(fields.button());
    const form = screen.getByRole('form', { name: 'Sign up' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('An error occurred during registration');
  });

  it('says the network failed when nothing answers (§21.5)', async () => {
    const user = userEvent.setup();
    signupAnswer = () => ({ closeConnection: true });
    const fields = await renderSignup();
    await fillValidForm(user, fields);
    await waitFor(() => expect(fields.button()).toBeEnabled());
    await user.click(fields.button());
    const form = screen.getByRole('form', { name: 'Sign up' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "Can't reach Campus Soko — check your connection",
    );
  });
});

describe('Signup password rules of §12', () => {
  it('shows a strength meter and refuses a common password or one containing the name or e-mail', async () => {
    const user = userEvent.setup();
    const fields = await renderSignup();
    await fillValidForm(user, fields);
    await waitFor(() => expect(fields.button()).toBeEnabled(), { timeout: 10_000 });
    const meter = await screen.findByRole('meter', { name: 'Password strength' }, { timeout: 10_000 });
    expect(meter.getAttribute('aria-valuetext')).toMatch(/^Strength: (fair|good|strong)$/);
    for (const [password, message] of [
      ['password1', 'This password is too common. Choose a less common one.'],
      ['kamau-Lime-7', 'Your password must not contain your name or email.'],
      ['Wanjiru!2026', 'Your password must not contain your name or email.'],
    ] as const) {
      for (const input of [fields.password, fields.passwordConfirm]) {
        await user.clear(input);
        await user.click(input);
        await user.paste(password);
      }
      await user.click(fields.firstName);
      expect(await screen.findByText(message, undefined, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
        'aria-valuetext',
        'Strength: very weak',
      );
      expect(fields.button()).toBeDisabled();
    }
    expect(api.requestsTo('POST', '/auth/signup')).toHaveLength(0);
  }, 60_000);
});
