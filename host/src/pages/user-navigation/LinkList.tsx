import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One destination of the site map. */
export interface SiteLink {
  label: string;
  to: string;
  /** One short line under the label. */
  hint?: string;
  /** Every row has one (docs/product.md §21.14). */
  icon: ReactNode;
}

/**
 * A list of big, thumb-sized links (at least 48 px tall, full width on phones, two columns from
 * 600 px). Real `<ul>/<li>/<a>`: each is reachable with Tab and opens with Enter.
 */
export function LinkList({ links, label }: { links: readonly SiteLink[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        gap: 1,
      }}
    >
      {links.map((link) => (
        <Box component="li" key={`${link.to}-${link.label}`} sx={{ display: 'flex' }}>
          <Link
            component={RouterLink}
            to={link.to}
            underline="none"
            sx={{
              flex: 1,
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              minHeight: 48,
              px: 2,
              py: 1.25,
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              color: 'text.primary',
              overflowWrap: 'anywhere',
              '&:hover': { borderColor: 'primary.main' },
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              '& svg': { color: 'primary.main', flexShrink: 0 },
            }}
          >
            {link.icon}
            <Box component="span" sx={{ minWidth: 0 }}>
              <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {link.label}
              </Typography>
              {link.hint ? (
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ display: 'block', color: 'text.secondary' }}
                >
                  {link.hint}
                </Typography>
              ) : null}
            </Box>
          </Link>
        </Box>
      ))}
    </Box>
  );
}
