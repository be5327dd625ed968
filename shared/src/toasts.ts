/**
 * Where toasts sit and how a form's toasts behave (spec 9 "Toasts", issue 14 item 4).
 *
 * - From 768 px: the spec's places: top-right (lists, services, store and shop notices) and
 *   top-center (the signup success).
 * - Below 768 px every toast sits at the bottom, centred: at the top it covered the navbar's
 *   menu button for its 5 s; the bottom is also where a thumb reaches the close gesture. Their
 *   width never passes the screen's (theme.ts: `.notistack-*` rules).
 * - A success closes the error toasts of the same form still on screen (a stale 'Incorrect
 *   email or password' beside 'Login successful').
 */
import { useMediaQuery } from '@mui/material';
import { type OptionsObject, type SnackbarKey, type SnackbarOrigin, useSnackbar } from 'notistack';
import { useMemo, useRef } from 'react';
import { DESKTOP_BREAKPOINT_PX } from './constants';

/** Spec 9: toasts on the list and service screens, store and shop notices. */
export const TOP_RIGHT: SnackbarOrigin = { vertical: 'top', horizontal: 'right' };
/** Spec 9: the signup success notice. */
export const TOP_CENTER: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };
/** Every toast below 768 px (issue 14 item 4). */
export const PHONE_TOAST_ANCHOR: SnackbarOrigin = { vertical: 'bottom', horizontal: 'center' };

/** True below the 768 px desktop breakpoint (spec 9). Server render: false (desktop). */
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
 * Toasts of one form (issue 14 item 4): `error` remembers its toast, `success` closes those still
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
