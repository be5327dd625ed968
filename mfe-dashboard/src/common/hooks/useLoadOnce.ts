import { useEffect, useState } from 'react';

/**
 * Runs `load` once when the component mounts and returns `{data, failed}`: `data` null until it
 * resolves; `failed` true if it rejects. An answer that arrives after unmount is dropped. For the
 * overview's summary and insights (`getSummary`, `getInsights`).
 */
export function useLoadOnce<T>(load: () => Promise<T>): { data: T | null; failed: boolean } {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once on mount, by design
  useEffect(() => {
    let alive = true;
    load()
      .then((value) => alive && setData(value))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, []);
  return { data, failed };
}
