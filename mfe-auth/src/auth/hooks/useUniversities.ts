import type { University } from '@campus/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchUniversities } from '../api/universities';

let cached: Promise<University[]> | null = null;

/** Forgets the cached list (tests). */
export function resetUniversitiesCache(): void {
  cached = null;
}

/**
 * The KE universities for the signup picker: fetched once per page load and shared by every
 * mount; a failed fetch can be retried.
 */
export function useUniversities() {
  const [state, setState] = useState<{ universities: University[]; loading: boolean; error: boolean }>({
    universities: [],
    loading: true,
    error: false,
  });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry
  useEffect(() => {
    let active = true;
    cached ??= fetchUniversities();
    const request = cached;
    setState((previous) => ({ ...previous, loading: true, error: false }));
    request.then(
      (universities) => {
        if (active) setState({ universities, loading: false, error: false });
      },
      () => {
        if (cached === request) cached = null;
        if (active) setState({ universities: [], loading: false, error: true });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
