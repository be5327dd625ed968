import { enqueueToast, useSession } from '@campus/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { FavouriteKind } from './favourites-api';
import { SAVE_MARKER } from './SaveButton';
import { toggleSaved } from './saved-ids';

/**
 * On an item page: when the URL carries `?save=<kind>:<id>` for this item (a guest tapped the
 * heart and logged in; docs/product.md §20.1) and a user is signed in, saves the item once (a toast
 * confirms it) and removes
 * the marker from the URL (replacing the history entry, so Back and a reload do not save again).
 * A guest keeps the marker (nothing happens until login). A marker for another item is dropped.
 */
export function useSaveMarker(kind: FavouriteKind, id: string | undefined): void {
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const marker = params.get(SAVE_MARKER);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!marker || !token || !id) return;
    const key = `${token}|${marker}`;
    if (done.current === key) return;
    done.current = key;
    if (marker === `${kind}:${id}`) {
      void toggleSaved(token, kind, id, true).then((saved) => {
        if (saved) enqueueToast('Saved. Find it under Saved in your dashboard.', { variant: 'success' });
      });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SAVE_MARKER);
        return next;
      },
      { replace: true },
    );
  }, [marker, token, kind, id, setParams]);
}
