import { Chip } from '@mui/material';

/**
 * The "Reserved" badge (docs/product.md §20.5): the seller holds the item while a meet-up is arranged.
 * Dark amber with white text (contrast above 7:1, so it reads on any cover). `sx` places it.
 */
export function ReservedBadge({ sx }: { sx?: object }) {
  return (
    <Chip label="Reserved" size="small" sx={{ bgcolor: '#7a4a00', color: '#fff', fontWeight: 700, ...sx }} />
  );
}
