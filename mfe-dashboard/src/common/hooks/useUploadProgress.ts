import type { AxiosProgressEvent } from 'axios';
import { useCallback, useState } from 'react';

/**
 * Upload progress state for a form: `progress` (undefined when idle, null when the size is
 * unknown, else 0..1), `onUploadProgress` to pass to axios, `start()` and `done()`.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const onUploadProgress = useCallback((event: AxiosProgressEvent) => {
    setProgress(event.total ? Math.min(1, event.loaded / event.total) : null);
  }, []);
  const start = useCallback(() => setProgress(null), []);
  const done = useCallback(() => setProgress(undefined), []);
  return { progress, onUploadProgress, start, done };
}
