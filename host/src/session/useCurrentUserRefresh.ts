/**
 * Current-user refresh (docs/product.md §4 "User store", docs/product.md §7 `GET /users/me`, docs/product.md §8): when the site opens
 * with a token, the user is fetched once and stored (the name and photo in the user menu follow
 * profile changes made elsewhere). While it runs `userStatusAtom` is `{loading: true}`; a failure
 * sets `{error: 'Failed to fetch user data'}`, shows that notice and clears the user (the token
 * stays unless the answer was a 401, which the API client turns into a logout and login redirect).
 */

import {
  apiClient,
  currentToken,
  TOAST_SHORT_DURATION_MS,
  userAtom,
  userStatusAtom,
  useSnackbar,
} from '@campus/shared';
import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';

/** docs/product.md §8 "Current-user fetch fails". */
export const FETCH_USER_FAILED = 'Failed to fetch user data';

/** Runs the refresh once, on the first mount (see the module comment). */
export function useCurrentUserRefresh(): void {
  const setUser = useSetAtom(userAtom);
  const setStatus = useSetAtom(userStatusAtom);
  const { enqueueSnackbar } = useSnackbar();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !currentToken()) return;
    started.current = true;
    setStatus({ loading: true, error: null });
    apiClient.call('GET /users/me').then(
      (answer) => {
        setUser(answer.data.user);
        setStatus({ loading: false, error: null });
      },
      () => {
        setUser(null);
        setStatus({ loading: false, error: FETCH_USER_FAILED });
        // A store notice: 3000 ms (docs/product.md §9).
        enqueueSnackbar(FETCH_USER_FAILED, { variant: 'error', autoHideDuration: TOAST_SHORT_DURATION_MS });
      },
    );
  }, [enqueueSnackbar, setStatus, setUser]);
}

/** The hook as an element, for the provider tree in `App.tsx`. */
export function CurrentUserRefresh(): null {
  useCurrentUserRefresh();
  return null;
}
