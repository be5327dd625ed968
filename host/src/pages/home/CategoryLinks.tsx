import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

interface CategoryLinksProps {
  /** List page the links filter: `/products` or `/services`. */
  base: '/products' | '/services';
  categories: readonly string[];
  /** Accessible name of the list, e.g. 'Product categories'. */
  label: string;
}

/** Display text of a category ('other' reads 'Other items'). */
export const categoryLabel = (category: string): string => (category === 'other' ? 'Other items' : category);

/** Link to a list filtered by one category, e.g. `/products?category=Electronics`. */
export const categoryPath = (base: string, category: string): string =>
  `${base}?${new URLSearchParams({ category })}`;

/**
 * The categories as entry points: a wrapping grid of tiles (at least 48 px tall for thumbs),
 * each a link to the list filtered by that category. Long names wrap; nothing scrolls sideways.
 */
export function CategoryLinks({ base, categories, label }: CategoryLinksProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
        gap: 1,
      }}
    >
      {categories.map((category) => (
        <Box component="li" key={category} sx={{ display: 'flex' }}>
          <Link
            component={RouterLink}
            to={categoryPath(base, category)}
            underline="none"
            sx={{
              flex: 1,
              display: 'flex',
              alignItems: 'center',
              minHeight: 48,
              px: 1.5,
              py: 1,
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              color: 'text.primary',
              fontWeight: 600,
              overflowWrap: 'anywhere',
              '&:hover': { borderColor: 'primary.main', color: 'primary.main' },
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {categoryLabel(category)}
          </Link>
        </Box>
      ))}
    </Box>
  );
}
