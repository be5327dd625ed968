import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { RemotePage } from '../../remotes/RemotePage';
import { REMOTE_PAGES } from '../../remotes/remote-pages';
import { visuallyHidden } from '../common/visually-hidden';

/** How many newest items each home section shows. */
export const LATEST_LIMIT = 8;

interface LatestListingsProps {
  kind: 'products' | 'services';
  /** The section's h2 text, e.g. 'Newest products'. */
  title: string;
}

/**
 * A home section with the newest products or services: our own h2 and a 'See all' link to the
 * list, then the catalog remote's cards (loaded at run time; if the remote is down only this
 * section shows the outage message with 'Try again').
 */
export function LatestListings({ kind, title }: LatestListingsProps) {
  const headingId = `newest-${kind}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          columnGap: 2,
          mb: 2,
        }}
      >
        <Typography variant="h2" id={headingId}>
          {title}
        </Typography>
        <Link component={RouterLink} to={`/${kind}`} sx={{ fontWeight: 600, py: 1 }}>
          See all
          <Box component="span" sx={visuallyHidden}>
            {` ${kind}`}
          </Box>
        </Link>
      </Box>
      <RemotePage id={REMOTE_PAGES.latestListings} props={{ kind, limit: LATEST_LIMIT }} embedded />
    </Box>
  );
}
