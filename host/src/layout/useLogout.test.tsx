/**
 * Logout (docs/product.md §2, §4; ADR 0011): the session is cleared and the browser goes home at
 * once, and the API is asked to revoke the token; a failed call changes nothing for the user.
 */
import { currentToken, setSession } from '@campus/shared';
import { MemoryRouter, setupFakeApi } from '@campus/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { useLogout } from './useLogout';

const api = setupFakeApi(() => ({
  status: 200,
  body: { status: 'success', message: 'You have been logged out.' },
}));

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      Logout
    </button>
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <LogoutButton />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useLogout', () => {
  it('clears the session, goes home and revokes the token on the server (POST /auth/logout)', async () => {
    setSession({
      token: 'session.token.one',
      user: { firstName: 'Wanjiru', lastName: 'Kamau', role: 'user' },
    });
    renderAt('/app/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(currentToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      authorization: 'Bearer session.token.one',
    });
  });

  it('clears the local session even when the call fails (401 or server error), without a redirect', async () => {
    for (const status of [401, 500]) {
      api.respond = () => ({ status, body: { status: 'fail', message: 'nope' } });
      api.requests.length = 0;
      setSession({
        token: `token-${status}`,
        user: { firstName: 'Wanjiru', lastName: 'Kamau', role: 'user' },
      });
      renderAt('/products');
      await userEvent.click(screen.getAllByRole('button', { name: 'Logout' }).at(-1)!);
      await waitFor(() => expect(api.requests).toHaveLength(1));
      expect(currentToken()).toBeNull();
      expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(/^\/$/);
    }
  });
});
