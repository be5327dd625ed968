import { MPESA_CHECK_TIPS } from '@campus/shared/constants';
import { Alert, Box, CloseIcon, IconButton, ShieldIcon, Typography } from '@mui/material';
import { useSyncExternalStore } from 'react';

/** localStorage key remembering that this device dismissed the tips. */
export const SAFETY_TIPS_KEY = 'safetyTipsDismissed';

/** The tips (docs/product.md §19.6), then how to check an M-Pesa payment (docs/product.md §28). */
export const SAFETY_TIPS = [
  'Meet in a public place on campus.',
  'Inspect the item before you pay.',
  'Never send M-Pesa before you have seen the item.',
  'Report suspicious sellers.',
  ...MPESA_CHECK_TIPS,
] as const;

const listeners = new Set<() => void>();

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(SAFETY_TIPS_KEY) === '1';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SAFETY_TIPS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function dismiss() {
  try {
    window.localStorage.setItem(SAFETY_TIPS_KEY, '1');
  } catch {
    // Private mode without storage: hidden for this page view only.
  }
  for (const listener of listeners) listener();
}

/**
 * Short safety tips beside a chat button on item and shop pages (docs/product.md §19.6): meet in a
 * public place on campus, inspect before paying, never send M-Pesa before seeing the item,
 * report suspicious sellers. Dismissed per device (localStorage), everywhere at once. Shown on
 * the server render and until the browser knows it was dismissed.
 */
export function SafetyTips() {
  const dismissed = useSyncExternalStore(subscribe, readDismissed, () => false);
  if (dismissed) return null;
  return (
    <Box component="aside" aria-label="Safety tips" sx={{ my: 1.5 }}>
      <Alert
        severity="info"
        role="none"
        icon={<ShieldIcon fontSize="inherit" />}
        action={
          <IconButton aria-label="Dismiss safety tips" size="small" color="inherit" onClick={dismiss}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        <Typography component="p" variant="body2" sx={{ fontWeight: 700 }}>
          Stay safe
        </Typography>
        <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5 }}>
          {SAFETY_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </Typography>
      </Alert>
    </Box>
  );
}
