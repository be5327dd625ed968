/**
 * The password strength meter of the signup, reset and change-password forms (ADR 0011).
 * Shown once a password is typed: a labelled meter (`role="meter"`, "Password strength", value
 * 0-4, `aria-valuetext` "Strength: weak") and the same words as visible text. The zxcvbn-ts
 * dictionaries are fetched on first use (`loadPasswordChecker`), not with the page.
 */
import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { loadPasswordChecker, type PasswordChecker, type PersonalInfo } from './password-policy';

const COLORS = ['error.main', 'error.main', 'warning.main', 'success.light', 'success.main'] as const;

/**
 * The loaded checker once `active` was true (it starts the lazy load), else null. A failed load
 * leaves it null (the meter stays hidden; the API still checks the rules).
 */
export function usePasswordChecker(active: boolean): PasswordChecker | null {
  const [checker, setChecker] = useState<PasswordChecker | null>(null);
  useEffect(() => {
    if (!active || checker) return;
    let live = true;
    loadPasswordChecker()
      .then((loaded) => {
        if (live) setChecker(() => loaded);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [active, checker]);
  return checker;
}

export interface PasswordStrengthMeterProps {
  /** The password typed so far. */
  password: string;
  /** Names and e-mail the password must not contain (they also lower its score). */
  personal?: PersonalInfo;
  /** Id of the meter's text (for the field's aria-describedby). */
  id: string;
}

/** The meter (renders nothing until a password is typed and the dictionaries are loaded). */
export function PasswordStrengthMeter({ password, personal, id }: PasswordStrengthMeterProps) {
  const checker = usePasswordChecker(password.length > 0);
  if (!password || !checker) return null;
  const { score, label } = checker.strength(password, personal);
  const text = `Strength: ${label}`;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Box
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={text}
        sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}
      >
        <Box sx={{ width: `${((score + 1) / 5) * 100}%`, height: '100%', bgcolor: COLORS[score] }} />
      </Box>
      <Typography id={id} variant="caption" component="div" aria-live="polite" sx={{ mt: 0.25 }}>
        {text}
      </Typography>
    </Box>
  );
}
