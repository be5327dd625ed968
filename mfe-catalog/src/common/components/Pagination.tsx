import { Box, Button } from '@mui/material';
import { paginationWindow } from '../utils/pagination-window';

interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  totalPages: number;
  /** Called with the page to go to. */
  onChange: (page: number) => void;
}

/**
 * Pagination of the lists (spec 9): 'Previous', up to 5 page numbers around the current page,
 * 'Next'; Previous/Next disabled at the ends; the current page marked `aria-current="page"`.
 * Renders nothing when `totalPages` <= 1.
 */
export function Pagination({ page, totalPages, onChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  return (
    <Box component="nav" aria-label="Pagination" sx={{ mt: 3 }}>
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: 0.5,
          listStyle: 'none',
          p: 0,
          m: 0,
        }}
      >
        <li>
          <Button size="small" disabled={current <= 1} onClick={() => onChange(current - 1)}>
            Previous
          </Button>
        </li>
        {paginationWindow(current, totalPages).map((number) => (
          <li key={number}>
            <Button
              size="small"
              variant={number === current ? 'contained' : 'text'}
              aria-current={number === current ? 'page' : undefined}
              onClick={() => onChange(number)}
              sx={{ minWidth: 40 }}
            >
              {number}
            </Button>
          </li>
        ))}
        <li>
          <Button size="small" disabled={current >= totalPages} onClick={() => onChange(current + 1)}>
            Next
          </Button>
        </li>
      </Box>
    </Box>
  );
}
