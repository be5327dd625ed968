import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A page's list loaded on mount by `fetch` and again on `reload` (the error line's 'Try again'):
 * `data` starts as `initial` and keeps the last answer (`setData` edits it in place after a
 * write), `loading` while a fetch runs, `failed` when the last one rejected. An answer that
 * arrives after unmount is dropped. For "my" lists (`useMyListings`), the saved items and the
 * saved searches (docs/product.md §4 "Lists", §20.1, §30).
 */
export function useReloadable<T>(fetch: () => Promise<T>, initial: T) {
  const [data, setData] = useState<T>(initial);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const alive = useRef(true);
  const fetchLatest = useRef(fetch);
  fetchLatest.current = fetch;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const next = await fetchLatest.current();
      if (!alive.current) return;
      setData(next);
      setFailed(false);
    } catch {
      if (alive.current) setFailed(true);
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

  return { data, setData, loading, failed, reload };
}
