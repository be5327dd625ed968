import { Box, Button, type SxProps, type Theme } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { HiddenFields } from './HiddenFields';

interface ApplyOnChangeFormProps {
  /** The form's accessible name (a named form is a landmark); none for a one-control form. */
  label?: string;
  /** The list's other parameters, kept as hidden fields (`keptParams`). */
  keep?: Record<string, string>;
  sx?: SxProps<Theme>;
  /** The controls: each applies as soon as it changes once the page is live. */
  children: ReactNode;
}

/**
 * A `<form method="get">` of the page's URL around controls that apply as soon as they change
 * (ADR 0032: controls work before and without JavaScript; docs/product.md §23.5): the other
 * parameters as hidden fields, the controls, and an 'Apply' submit button shown only without
 * JavaScript. With JavaScript the form is never sent.
 */
export function ApplyOnChangeForm({ label, keep = {}, sx, children }: ApplyOnChangeFormProps) {
  return (
    <Box
      component="form"
      method="get"
      aria-label={label}
      onSubmit={(event: FormEvent) => event.preventDefault()}
      sx={sx}
    >
      <HiddenFields keep={keep} />
      {children}
      <noscript>
        <Button type="submit" variant="outlined">
          Apply
        </Button>
      </noscript>
    </Box>
  );
}
