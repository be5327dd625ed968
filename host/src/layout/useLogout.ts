import { apiClient, clearSession, currentToken } from '@campus/shared';
import { useNavigate } from 'react-router';

/**
 * Logout (docs/product.md §2, §4; ADR 0011): clears the session (token and user) and returns to
 * '/' at once, then asks the API to revoke the token (`POST /auth/logout`, through the shared
 * client) so a copy of it stops working too. The local session is cleared whatever the call's
 * outcome (offline, already expired); its failure is ignored.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const token = currentToken();
    clearSession();
    void navigate('/');
    if (!token) return;
    try {
      // The session is cleared, so the client adds no header of its own: send the old token.
      await apiClient.call('POST /auth/logout', {
        headers: { Authorization: `Bearer ${token}` },
        redirectOnError: false,
      });
    } catch {
      // Nothing to do: this device is logged out either way.
    }
  };
}
