import { formatKes } from '@campus/shared';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface ListingRowProps {
  /** Title or name. */
  title: string;
  /** Public page of the listing, e.g. /products/{id}. */
  to: string;
  price?: number | null;
  thumbnail?: string | null;
  /** Small lines under the title (category, status, views...). */
  meta?: ReactNode;
  /** Buttons (edit, mark sold, delete). */
  actions: ReactNode;
}

/**
 * One of my listings in a dashboard list: thumbnail, title linking to its public page, price,
 * details and actions; stacks vertically on a 360 px phone.
 */
export function ListingRow({ title, to, price, thumbnail, meta, actions }: ListingRowProps) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <Box
            component="img"
            src={thumbnail ?? undefined}
            alt=""
            width={96}
            height={72}
            loading="lazy"
            sx={{ objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.200', flexShrink: 0 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={to} underline="hover" color="inherit">
                {title}
              </Link>
            </Typography>
            {price !== undefined && price !== null ? (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatKes(price)}
              </Typography>
            ) : null}
            {meta}
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}
