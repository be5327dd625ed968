import { preloadKey, UNIVERSITY_COUNTRY, type University, usePreloaded } from '@campus/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchUniversities } from '../api/universities';

/**
 * Key of the universities in the page's route data: the host's server loader of `/auth`
 * (host/src/pages/auth/load-signup-universities.ts) puts them there for `mode=register`.
 */
export function universitiesKey(): string {
  return preloadKey('universities', UNIVERSITY_COUNTRY);
}

let cached: Promise<University[]> | null = null;

/** Forgets the cached list (tests). */
export function resetUniversitiesCache(): void {
  cached = null;
}

/**
 * The KE universities for the signup picker: from the server-rendered page's data when it has them
 * (the host's `/auth` loader: no request, no HTTP client downloaded), else fetched once per page load and
 * shared by every mount; a failed fetch can be retried.
 */
export function useUniversities() {
  const preloaded = usePreloaded<University[]>(universitiesKey());
  const [state, setState] = useState<{ universities: University[]; loading: boolean; error: boolean }>(() =>
    preloaded
      ? { universities: preloaded, loading: false, error: false }
      : { universities: [], loading: true, error: false },
  );
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry; `preloaded` is read on the first run only
  useEffect(() => {
    if (preloaded && attempt === 0) {
      cached ??= Promise.resolve(preloaded);
      return;
    }
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
