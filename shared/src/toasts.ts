/**
 * Where toasts sit and how a form's toasts behave (docs/product.md §9 "Toasts", docs/product.md §21.4).
 *
 * - From 768 px: the spec's places: top-right (lists, services, store and shop notices) and
 *   top-center (the signup success).
 * - Below 768 px every toast sits at the bottom, centred: at the top it covered the navbar's
 *   menu button for its 5 s; the bottom is also where a thumb reaches the close gesture. Their
 *   width never passes the screen's (theme.ts: `.notistack-*` rules).
 * - A success closes the error toasts of the same form still on screen (a stale 'Incorrect
 *   email or password' beside 'Login successful').
 * - notistack is downloaded with the first toast, not with the first view (docs/product.md §23): pages
 *   use `useSnackbar` from here, and the page's one `<Toaster>` mounts notistack's provider.
 */
import { useMediaQuery } from '@mui/material';
import type {
  OptionsObject,
  SnackbarKey,
  SnackbarMessage,
  SnackbarOrigin,
  SnackbarProviderProps,
} from 'notistack';
import {
  createElement,
  type ReactElement,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { DESKTOP_BREAKPOINT_PX } from './constants';

type Notistack = typeof import('notistack');

/*
 * notistack (~7 KB brotli) loads with the first toast, not with the first view (docs/product.md §23):
 * `enqueueToast` asks the one <Toaster> of the page to mount notistack's SnackbarProvider, waits
 * for it, then shows the toast through notistack's global `enqueueSnackbar` (which serves the
 * provider mounted last). Keys are chosen here, so the caller gets one at once.
 */
let notistack: Promise<Notistack> | null = null;
/** notistack once downloaded: with a Toaster mounted, later toasts show at once. */
let loaded: Notistack | null = null;
let toasterWanted = false;
let mountedToasters = 0;
let keyCounter = 0;
const wantListeners = new Set<() => void>();
let readyWaiters: (() => void)[] = [];

function loadNotistack(): Promise<Notistack> {
  notistack ??= import('notistack').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      notistack = null;
      throw error;
    },
  );
  return notistack;
}

/** Resolves with notistack once a <Toaster> has its SnackbarProvider mounted. */
function whenToasterReady(): Promise<Notistack> {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of wantListeners) listener();
  }
  const mounted = mountedToasters > 0 ? Promise.resolve() : new Promise<void>((r) => readyWaiters.push(r));
  return mounted.then(loadNotistack);
}

/**
 * Shows a toast (notistack's `enqueueSnackbar` arguments); returns its key at once. The toast
 * appears when notistack has loaded and the page's <Toaster> is mounted. A failed download of
 * notistack is logged (the toast is lost, the next one retries).
 */
export function enqueueToast(message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey {
  const key = options.key ?? `toast-${++keyCounter}`;
  if (loaded && mountedToasters > 0) {
    loaded.enqueueSnackbar(message, { ...options, key });
    return key;
  }
  whenToasterReady().then(
    (module) => module.enqueueSnackbar(message, { ...options, key }),
    (error: unknown) => console.error('Could not load the toasts', error),
  );
  return key;
}

/** Closes the toast `key` (every toast without one); nothing to do before the first toast. */
export function closeToast(key?: SnackbarKey): void {
  if (!toasterWanted) return;
  if (loaded && mountedToasters > 0) {
    loaded.closeSnackbar(key);
    return;
  }
  whenToasterReady().then(
    (module) => module.closeSnackbar(key),
    () => undefined,
  );
}

const TOASTS = { enqueueSnackbar: enqueueToast, closeSnackbar: closeToast };

/**
 * notistack's `useSnackbar()` for every page and remote (same `enqueueSnackbar` /
 * `closeSnackbar`), without downloading notistack before the first toast. Import it from
 * `@campus/shared`, never from `notistack`.
 */
export function useSnackbar(): typeof TOASTS {
  return TOASTS;
}

/** Marks a Toaster's provider mounted (its child's effect runs after the provider is built). */
function ToasterReady(): null {
  useEffect(() => {
    mountedToasters += 1;
    const waiters = readyWaiters;
    readyWaiters = [];
    for (const resolve of waiters) resolve();
    return () => {
      mountedToasters -= 1;
    };
  }, []);
  return null;
}

/** Where and how toasts show: notistack's provider settings. */
export type ToasterProps = Pick<SnackbarProviderProps, 'maxSnack' | 'autoHideDuration' | 'anchorOrigin'>;

/**
 * The page's toasts (one per page, beside the app, not around it): renders nothing until the
 * first toast is asked for, then downloads notistack and mounts its SnackbarProvider with
 * `props`. Server and first client render are both empty (no hydration difference).
 */
export function Toaster(props: ToasterProps): ReactElement | null {
  const wanted = useSyncExternalStore(
    (listener) => {
      wantListeners.add(listener);
      return () => wantListeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
  const [module, setModule] = useState<Notistack | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadNotistack().then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      (error: unknown) => console.error('Could not load the toasts', error),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  if (!module) return null;
  return createElement(module.SnackbarProvider, props, createElement(ToasterReady));
}

/** docs/product.md §9: toasts on the list and service screens, store and shop notices. */
export const TOP_RIGHT: SnackbarOrigin = { vertical: 'top', horizontal: 'right' };
/** docs/product.md §9: the signup success notice. */
export const TOP_CENTER: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };
/** Every toast below 768 px (docs/product.md §21.4). */
export const PHONE_TOAST_ANCHOR: SnackbarOrigin = { vertical: 'bottom', horizontal: 'center' };

/** True below the 768 px desktop breakpoint (docs/product.md §9). Server render: false (desktop). */
export function useIsPhone(): boolean {
  return useMediaQuery(`(max-width:${DESKTOP_BREAKPOINT_PX - 0.05}px)`, { noSsr: true });
}

/** The place of a toast: `desktop` from 768 px, bottom-center below. */
export function useToastAnchor(desktop: SnackbarOrigin = TOP_RIGHT): SnackbarOrigin {
  return useIsPhone() ? PHONE_TOAST_ANCHOR : desktop;
}

/** A form's toasts: `success` first closes the error toasts this form showed. */
export interface FormToasts {
  error: (message: string, options?: OptionsObject) => SnackbarKey;
  success: (message: string, options?: OptionsObject) => SnackbarKey;
  info: (message: string, options?: OptionsObject) => SnackbarKey;
}

/**
 * Toasts of one form (docs/product.md §21.4): `error` remembers its toast, `success` closes those still
 * on screen before showing itself. `defaults` apply to each (e.g. the 3000 ms of store notices).
 */
export function useFormToasts(defaults: OptionsObject = {}): FormToasts {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const errorKeys = useRef<SnackbarKey[]>([]);
  const { autoHideDuration, anchorOrigin } = defaults;
  return useMemo(() => {
    const base: OptionsObject = {};
    if (autoHideDuration !== undefined) base.autoHideDuration = autoHideDuration;
    if (anchorOrigin) base.anchorOrigin = anchorOrigin;
    return {
      error: (message, options) => {
        const key = enqueueSnackbar(message, { ...base, variant: 'error', ...options });
        errorKeys.current.push(key);
        return key;
      },
      success: (message, options) => {
        for (const key of errorKeys.current) closeSnackbar(key);
        errorKeys.current = [];
        return enqueueSnackbar(message, { ...base, variant: 'success', ...options });
      },
      info: (message, options) => enqueueSnackbar(message, { ...base, variant: 'info', ...options }),
    };
  }, [enqueueSnackbar, closeSnackbar, autoHideDuration, anchorOrigin]);
}
