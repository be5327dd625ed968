import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads one of "my" lists (spec 4 "Lists": loading, empty or populated; a failed fetch ends
 * loading and leaves the list as it was, with an error line).
 * @param load fetches the items
 * @returns `{items, loading, error, reload, setItems}`
 */
export function useMyList<T>(load: () => Promise<T[]>) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
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

  return { items, loading, error, reload, setItems };
}
