import { Box } from '@mui/material';
import type { ChangeEvent, ReactNode } from 'react';
import { useEarlyTick } from './server-field';
import { TAP_TARGET_PX } from './theme';

interface NativeCheckboxProps {
  /** The input's element id (its tick before hydration is read by it). */
  id: string;
  label: ReactNode;
  checked: boolean;
  /** Called with the new state on a tap, and once React runs with a tick made before it. */
  onChange: (checked: boolean) => void;
  /** The field's name and value in a `<form method="get">` (sent only while ticked). */
  name?: string;
  value?: string;
  /** The box's colour when ticked (CSS `accent-color`); the theme's primary colour by default. */
  accentColor?: string;
}

/**
 * A labelled native checkbox: no script weight, read by every screen reader, and a tap shows at
 * once, before the JavaScript arrives. The whole label is the tap target, at least 44 px high
 * (docs/product.md §21.7). A tick or untick made on the server-rendered page before hydration is
 * handed to `onChange` once React runs (`useEarlyTick`, ADR 0032).
 */
export function NativeCheckbox({
  id,
  label,
  checked,
  onChange,
  name,
  value,
  accentColor,
}: NativeCheckboxProps) {
  useEarlyTick(id, onChange);
  return (
    <Box
      component="label"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        cursor: 'pointer',
        minHeight: TAP_TARGET_PX,
      }}
    >
      <Box
        component="input"
        type="checkbox"
        id={id}
        name={name}
        value={value}
        checked={checked}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        sx={{
          width: 20,
          height: 20,
          m: 0,
          accentColor: (theme) => accentColor ?? theme.palette.primary.main,
        }}
      />
      {label}
    </Box>
  );
}
