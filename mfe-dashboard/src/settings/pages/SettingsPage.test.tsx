import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeApi, startFakeApi } from '../../common/testing/fake-api';
import { renderPage, signIn } from '../../common/testing/render-page';
import SettingsPage from './SettingsPage';

jest.setTimeout(20_000);

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());

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

beforeEach(() => {
  api.requests.length = 0;
  signIn();
  updateAnswer = {
    status: 200,
    body: { status: 'success', data: { user: { ...me, firstName: 'Wanjiku' } } },
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
    if (request.method === 'POST' && request.path === '/shops') {
      return {
        status: 201,
        body: { status: 'success', data: { shop: { _id: 'sh1', name: 'Wanjiru Electronics' } } },
      };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});

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
});
