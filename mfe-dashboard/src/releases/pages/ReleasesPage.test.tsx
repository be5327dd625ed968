import { clearSession, setApiNavigator, setSession } from '@campus/shared';
import { currentLocation, type RecordedRequest, renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import user from '@testing-library/user-event';
import DashboardApp from '../../DashboardApp';

const userEvent = user.setup({ delay: null });
const api = setupFakeApi();

let routing: {
  current: string | null;
  previous: string | null;
  canary: { version: string; percent: number } | null;
};
let actions: RecordedRequest[];

function signInAs(role: 'admin' | 'user') {
  setSession({
    token: 'test.jwt.token',
    user: { _id: 'admin-1', firstName: 'Mod', lastName: 'Erator', role },
  });
}

beforeEach(() => {
  actions = [];
  routing = { current: 'aaa111', previous: 'zzz000', canary: { version: 'bbb222', percent: 10 } };
  setApiNavigator(jest.fn());
  api.respond = (request) => {
    if (request.method !== 'GET') {
      actions.push(request);
      return { body: { status: 'success', data: { routing } } };
    }
    if (request.path === '/releases') {
      const none = { current: null, previous: null, canary: null, updatedAt: null };
      return {
        body: {
          status: 'success',
          data: {
            remotes: [
              { remote: 'catalog', routing: { ...routing, updatedAt: null }, releases: [] },
              { remote: 'auth', routing: none, releases: [] },
            ],
          },
        },
      };
    }
    if (request.path === '/releases/health') {
      return {
        body: {
          status: 'success',
          data: {
            windowMs: 300_000,
            threshold: { minErrors: 20, maxErrorRate: 0.05 },
            versions: [
              { remote: 'catalog', version: 'aaa111', views: 400, errors: 2, errorRate: 0.005 },
              { remote: 'catalog', version: 'bbb222', views: 40, errors: 5, errorRate: 0.125 },
            ],
          },
        },
      };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});
afterEach(() => clearSession());

const renderReleases = () => renderPage(<DashboardApp />, { path: '/app/*', route: '/app/releases' });

describe('Releases page (ADR 0029)', () => {
  it("shows each remote's current, previous and canary versions with their error rates", async () => {
    signInAs('admin');
    renderReleases();
    expect(await screen.findByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'catalog versions' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'PointerVersionPage viewsErrorsError rate',
      'Currentaaa11140020.5 %',
      'Previouszzz000000.0 %',
      'Canary (10 % of visitors)bbb22240512.5 %',
    ]);
    const auth = screen.getByRole('table', { name: 'auth versions' });
    expect(within(auth).getByText("the site's own build")).toBeInTheDocument();
    expect(
      screen.getByText(/rolled back by itself above 5\.0 % of its page views with at least 20 errors/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Releases' })).toHaveAttribute('aria-current', 'page');
  });

  it('promotes the canary, ends it and rolls back with the admin session', async () => {
    signInAs('admin');
    renderReleases();
    const card = (await screen.findByRole('heading', { level: 2, name: 'catalog' })).closest(
      'li',
    ) as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Promote canary' }));
    expect(await screen.findByText('catalog bbb222 is now current.')).toBeInTheDocument();
    const click = async (name: string) => {
      const button = within(card).getByRole('button', { name });
      await waitFor(() => expect(button).toBeEnabled());
      await userEvent.click(button);
    };
    await click('End canary');
    await click('Roll back');
    await waitFor(() => expect(actions).toHaveLength(3));
    expect(actions.map((action) => `${action.method} ${action.path}`)).toEqual([
      'POST /releases/catalog/promote',
      'PUT /releases/catalog/canary',
      'POST /releases/catalog/rollback',
    ]);
    expect(actions[0]?.body).toMatchObject({ version: 'bbb222' });
    expect(actions[1]?.body).toMatchObject({ percent: 0 });
    expect(actions.every((action) => action.authorization === 'Bearer test.jwt.token')).toBe(true);
  });

  it('sends a non-admin to /forbidden without calling the release API', async () => {
    signInAs('user');
    renderReleases();
    await waitFor(() => expect(currentLocation()).toBe('/forbidden'));
    expect(api.requestsTo('GET', '/releases')).toHaveLength(0);
  });
});
