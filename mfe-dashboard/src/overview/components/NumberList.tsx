import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A list of numbers shown as a grid of tiles (the overview's listings and insights, docs/product.md
 * §20.10): an unstyled `<ul>` named `label` for screen readers, `columns` its grid columns (a CSS
 * value or a breakpoint object), each child a tile (`<Paper component="li">`).
 */
export function NumberList({
  label,
  columns,
  children,
}: {
  label: string;
  columns: string | Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: columns }}
    >
      {children}
    </Box>
  );
}
