/**
 * Data saver (docs/product.md §23.8): when on, listing cards load no photo until tapped and then the
 * 200 px thumbnail (mfe-catalog CoverImage).
 *
 * It is on when the user turned it on with the footer toggle "Data saver: load photos on tap"
 * (kept in localStorage under `DATA_SAVER_STORAGE_KEY`, 'on' / 'off'; the user's choice wins),
 * else when the browser asks to save data (`navigator.connection.saveData`, the same setting
 * that sends the `Save-Data: on` request header), else when the server-rendered page says so
 * (`<html data-save-data="on">`).
 *
 * Server rendering hook: the server decides with `saveDataRequested(request.headers)` (the
 * `Save-Data: on` header or the `data-saver` cookie the toggle also writes), renders inside
 * `<DataSaverServerContext value={…}>` and marks `<html data-save-data="on">`; hydration then
 * starts from the same value (`useSyncExternalStore`'s server snapshot), so no mismatch.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

/** localStorage key of the user's choice ('on' or 'off'; absent = follow the browser). */
export const DATA_SAVER_STORAGE_KEY = 'dataSaver';
/** Cookie mirroring the choice for the server (`saveDataRequested`). */
export const DATA_SAVER_COOKIE = 'data-saver';
/** The footer toggle's label (docs/product.md §23.8). */
export const DATA_SAVER_LABEL = 'Data saver: load photos on tap';

/** What the server decided for this request (server rendering only; default off). */
export const DataSaverServerContext = createContext(false);

/**
 * Server side: does this request ask to save data? True for the `Save-Data: on` header
 * (https://wicg.github.io/savedata/) or a `data-saver=on` cookie; a `data-saver=off` cookie
 * (the user turned it off) wins over the header.
 */
export function saveDataRequested(headers: {
  'save-data'?: string | string[];
  cookie?: string | string[];
}): boolean {
  const cookies = [headers.cookie ?? []].flat().join(';');
  const choice = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=(on|off)`).exec(cookies)?.[1];
  if (choice) return choice === 'on';
  return [headers['save-data'] ?? []].flat().some((value) => value.trim().toLowerCase() === 'on');
}

interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
}

const connection = (): NetworkInformationLike | undefined =>
  typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function storedChoice(): 'on' | 'off' | null {
  try {
    const value = localStorage.getItem(DATA_SAVER_STORAGE_KEY);
    return value === 'on' || value === 'off' ? value : null;
  } catch {
    return null;
  }
}

const renderedOn = () =>
  typeof document !== 'undefined' && document.documentElement.dataset.saveData === 'on';

/** The effective data saver state in the browser (rules in the module comment). */
export function isDataSaverOn(): boolean {
  const choice = storedChoice();
  if (choice) return choice === 'on';
  return connection()?.saveData === true || renderedOn();
}

/** Turns the data saver on or off for this browser (localStorage + cookie) and re-renders users of it. */
export function setDataSaver(on: boolean): void {
  const value = on ? 'on' : 'off';
  try {
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, value);
  } catch {
    // private mode without storage: the cookie still carries the choice
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on the old phone browsers we serve; the value is a fixed 'on'/'off'
  document.cookie = `${DATA_SAVER_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DATA_SAVER_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  connection()?.addEventListener?.('change', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    connection()?.removeEventListener?.('change', listener);
  };
}

/** Whether the data saver is on; re-renders when it changes (toggle, another tab, the browser). */
export function useDataSaver(): boolean {
  const serverValue = useContext(DataSaverServerContext);
  return useSyncExternalStore(subscribe, isDataSaverOn, () =>
    typeof document === 'undefined' ? serverValue : renderedOn(),
  );
}
