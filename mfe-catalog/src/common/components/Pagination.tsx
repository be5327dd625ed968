import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paginationWindow } from '../utils/pagination-window';

interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  totalPages: number;
  /** URL of a page (the list's URL with `page` set), e.g. '/products?search=hp&page=2'. */
  hrefFor: (page: number) => string;
  /** Called after a page link is followed (e.g. to scroll to the top). */
  onNavigate?: (page: number) => void;
}

/**
 * Pagination of the lists (docs/product.md §9): 'Previous', up to 5 page numbers around the current page,
 * 'Next'; Previous/Next disabled at the ends; the current page marked `aria-current="page"`.
 * The pages are real links (docs/product.md §23.5: pagination works without JavaScript; with it the
 * router follows them without a reload). Renders nothing when `totalPages` <= 1.
 */
export function Pagination({ page, totalPages, hrefFor, onNavigate }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const pageLink = (
    target: number,
    label: string,
    extra: { variant?: 'contained' | 'text'; current?: boolean } = {},
  ) => (
    <Button
      size="small"
      component={RouterLink}
      to={hrefFor(target)}
      onClick={() => onNavigate?.(target)}
      variant={extra.variant ?? 'text'}
      aria-current={extra.current ? 'page' : undefined}
      sx={{ minWidth: 40 }}
    >
      {label}
    </Button>
  );
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
          {current <= 1 ? (
            <Button size="small" disabled>
              Previous
            </Button>
          ) : (
            pageLink(current - 1, 'Previous')
          )}
        </li>
        {paginationWindow(current, totalPages).map((number) => (
          <li key={number}>
            {pageLink(number, String(number), {
              variant: number === current ? 'contained' : 'text',
              current: number === current,
            })}
          </li>
        ))}
        <li>
          {current >= totalPages ? (
            <Button size="small" disabled>
              Next
            </Button>
          ) : (
            pageLink(current + 1, 'Next')
          )}
        </li>
      </Box>
    </Box>
  );
}
