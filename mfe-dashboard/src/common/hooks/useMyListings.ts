import { apiErrorMessage, useSnackbar } from '@campus/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

interface MyListingsOptions<T> {
  /** Fetches my items (e.g. `GET /products/mine`). */
  load: () => Promise<T[]>;
  /** Deletes one item by id (e.g. `DELETE /products/:id`). */
  remove: (id: string) => Promise<void>;
  /** Toast after a delete, e.g. 'Product deleted'. */
  deletedMessage: string;
  /** Toast when a delete fails without a server message. */
  deleteFailedMessage: string;
}

/**
 * One of "my" lists with delete after confirmation (docs/product.md §4 "Lists": loading, empty or
 * populated; a failed fetch ends loading and leaves the list as it was, with an error line).
 * `askDelete(item)` opens the confirmation; `confirmDelete()` sends it, drops the item and
 * toasts `deletedMessage`, or toasts the server's message (else `deleteFailedMessage`) and
 * keeps the confirmation open. `busyId` is the item with a request in flight; pages may set it
 * for their own row actions (mark as sold).
 */
export function useMyListings<T extends { _id: string }>({
  load,
  remove,
  deletedMessage,
  deleteFailedMessage,
}: MyListingsOptions<T>) {
  const { enqueueSnackbar } = useSnackbar();
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const alive = useRef(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const next = await loadRef.current();
      if (!alive.current) return;
      setItems(next);
      setError(null);
    } catch {
      if (alive.current) setError('Could not load your listings. Check your connection and try again.');
    } finally {
      if (alive.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void reload();
    return () => {
      alive.current = false;
    };
  }, [reload]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusyId(deleting._id);
    try {
      await remove(deleting._id);
      setItems((list) => list.filter((item) => item._id !== deleting._id));
      enqueueSnackbar(deletedMessage, { variant: 'success' });
      setDeleting(null);
    } catch (failure) {
      enqueueSnackbar(apiErrorMessage(failure, deleteFailedMessage), { variant: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  return {
    items,
    setItems,
    loading,
    error,
    reload,
    deleting,
    askDelete: (item: T) => setDeleting(item),
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    busyId,
    setBusyId,
  };
}

/** What `useMyListings` returns (the state `MyListingsSection` shows). */
export type MyListings<T extends { _id: string }> = ReturnType<typeof useMyListings<T>>;
