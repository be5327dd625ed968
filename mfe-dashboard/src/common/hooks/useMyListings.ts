import { apiErrorMessage, useSnackbar } from '@campus/shared';
import { useState } from 'react';
import { useReloadable } from './useReloadable';

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
  const { data: items, setData: setItems, loading, failed, reload } = useReloadable(load, [] as T[]);
  const error = failed ? 'Could not load your listings. Check your connection and try again.' : null;
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

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
