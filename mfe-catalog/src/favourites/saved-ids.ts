/**
 * The signed-in user's saved ids for the hearts (docs/product.md §20.1): loaded once per session
 * (per token) from `GET /favourites/ids` after the page is on screen — never during server
 * rendering, which knows no session — and kept in one jotai atom, so every heart on every
 * catalog page reads the same answer. Toggling is optimistic: the heart fills at once and turns
 * back (with a toast) when the API refuses.
 */
import { apiErrorMessage, enqueueToast, sessionStore, useSession } from '@campus/shared';
import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { type FavouriteKind, getFavouriteIds, setFavourite } from './favourites-api';

/** The saved ids of the session `token`. */
export interface SavedIds {
  token: string;
  products: ReadonlySet<string>;
  services: ReadonlySet<string>;
}

const savedIdsAtom = atom<SavedIds | null>(null);

/** The token whose ids are loading or loaded (one request per session). */
let requestedFor: string | null = null;

/** Starts loading the ids of `token` unless they are loaded or loading. */
function loadSavedIds(token: string): void {
  if (requestedFor === token) return;
  requestedFor = token;
  getFavouriteIds()
    .then((ids) => {
      if (requestedFor !== token) return;
      const current = sessionStore.get(savedIdsAtom);
      // Toggles made while the ids were loading win over the answer.
      const merged = current?.token === token ? current : null;
      sessionStore.set(savedIdsAtom, {
        token,
        products: new Set([...ids.products, ...(merged?.products ?? [])]),
        services: new Set([...ids.services, ...(merged?.services ?? [])]),
      });
    })
    .catch((error: unknown) => {
      console.error('Failed to load saved items', error);
      if (requestedFor === token) requestedFor = null;
    });
}

/**
 * Whether `kind`/`id` is saved by the signed-in user: false for a guest and until the ids are
 * loaded. The first heart on screen starts the one load of the session.
 */
export function useIsSaved(kind: FavouriteKind, id: string): boolean {
  const { token } = useSession();
  const saved = useAtomValue(savedIdsAtom, { store: sessionStore });
  useEffect(() => {
    if (token) loadSavedIds(token);
  }, [token]);
  if (!token || saved?.token !== token) return false;
  return saved[kind].has(id);
}

/** `ids` with `id` added or removed. */
function withId(ids: ReadonlySet<string> | undefined, id: string, present: boolean): Set<string> {
  const next = new Set(ids);
  if (present) next.add(id);
  else next.delete(id);
  return next;
}

/** Sets `kind`/`id` to `saved` in the atom (for the session `token`). */
function mark(token: string, kind: FavouriteKind, id: string, saved: boolean): void {
  const current = sessionStore.get(savedIdsAtom);
  const base =
    current?.token === token ? current : { token, products: new Set<string>(), services: new Set<string>() };
  sessionStore.set(savedIdsAtom, { ...base, [kind]: withId(base[kind], id, saved) });
}

/**
 * Saves (`saved` true) or unsaves `kind`/`id` for the session `token`: the heart changes at once;
 * when the API refuses, it changes back and a toast says why. Resolves true when the API agreed.
 */
export async function toggleSaved(
  token: string,
  kind: FavouriteKind,
  id: string,
  saved: boolean,
): Promise<boolean> {
  mark(token, kind, id, saved);
  try {
    await setFavourite(kind, id, saved);
    return true;
  } catch (error) {
    console.error('Failed to save the item', error);
    mark(token, kind, id, !saved);
    enqueueToast(apiErrorMessage(error, saved ? 'Could not save this item' : 'Could not remove this item'), {
      variant: 'error',
    });
    return false;
  }
}

/** Forgets the loaded ids (tests). */
export function resetSavedIds(): void {
  requestedFor = null;
  sessionStore.set(savedIdsAtom, null);
}
