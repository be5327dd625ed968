import { clearSession } from '@campus/shared';
import { useNavigate } from 'react-router';

/** Logout: clears the session (token and user) and returns to '/' (spec 2, spec 4). */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    clearSession();
    navigate('/');
  };
}
