/**
 * The current-user refresh (docs/product.md §4 "User store", docs/product.md §8) against a real local HTTP server
 * standing in for /api/v1 (no axios mocks).
 */
import { clearSession, setApiNavigator, setSession, userStatusAtom, useSession } from '@campus/shared';
import { MemoryRouter, setupFakeApi } from '@campus/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { App } from '../App';

let answer: { status: number; body: unknown } = { status: 200, body: {} };
let release: Promise<void> = Promise.resolve();
/** URL and Authorization header of each request the API received. */
const seen = () => api.requests.map((request) => ({ url: request.url, auth: request.authorization }));

const api = setupFakeApi(() => ({ ...answer, waitFor: release }));

/**
 * The answer crosses a real local HTTP server: on a busy 2-core CI machine it has taken longer
 * than Testing Library's default 1 s wait (CI of 1a10544).
 */
const SLOW_API = { timeout: 10_000 };

const navigate = jest.fn();
beforeEach(() => {
  release = Promise.resolve();
  clearSession();
  setApiNavigator(navigate);
});

const storedUser = { _id: 'u1', firstName: 'Old', lastName: 'Name', role: 'user' };
const freshUser = {
  ...storedUser,
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  photo: '/uploads/avatars/a-400.webp',
};

function Probe() {
  const { user, token } = useSession();
  const status = useAtomValue(userStatusAtom);
  return (
    <output data-testid="probe">
      {JSON.stringify({ name: user?.firstName ?? null, token, loading: status.loading, error: status.error })}
    </output>
  );
}
const probe = () => JSON.parse(screen.getByTestId('probe').textContent ?? '{}');

function renderApp() {
  render(
    <App>
      <MemoryRouter>
        <Probe />
      </MemoryRouter>
    </App>,
  );
}

describe('current-user refresh (§4 "User store")', () => {
  it('does nothing without a token', async () => {
    renderApp();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(seen()).toHaveLength(0);
    expect(probe()).toEqual({ name: null, token: null, loading: false, error: null });
  });

  it('with a token: GET /users/me, loading while it runs, then the fresh user is stored', async () => {
    let open = () => {};
    release = new Promise((resolve) => {
      open = resolve;
    });
    answer = { status: 200, body: { status: 'success', data: { user: freshUser } } };
    setSession({ token: 'tok.en.1', user: storedUser });
    renderApp();
    await waitFor(() => expect(probe().loading).toBe(true));
    await waitFor(() => expect(seen()[0]).toEqual({ url: '/api/v1/users/me', auth: 'Bearer tok.en.1' }));
    await act(async () => open());
    await waitFor(() =>
      expect(probe()).toEqual({ name: 'Wanjiru', token: 'tok.en.1', loading: false, error: null }),
    );
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(freshUser);
    expect(seen()).toHaveLength(1);
  });

  it("a failure shows 'Failed to fetch user data' and clears the user", async () => {
    answer = { status: 500, body: { status: 'error', message: 'Something went wrong' } };
    setSession({ token: 'tok.en.2', user: storedUser });
    renderApp();
    expect(await screen.findByText('Failed to fetch user data', undefined, SLOW_API)).toBeInTheDocument();
    expect(probe()).toEqual({
      name: null,
      token: 'tok.en.2',
      loading: false,
      error: 'Failed to fetch user data',
    });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('a 401 (expired session) logs out and goes to login, keeping the path', async () => {
    answer = {
      status: 401,
      body: { status: 'fail', message: 'Your session has expired. Please log in again.' },
    };
    window.history.replaceState(null, '', '/app/settings');
    setSession({ token: 'expired', user: storedUser });
    renderApp();
    expect(await screen.findByText('Failed to fetch user data', undefined, SLOW_API)).toBeInTheDocument();
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth?mode=login&redirect=%2Fapp%2Fsettings');
  });
});
