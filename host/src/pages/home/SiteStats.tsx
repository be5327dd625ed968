import { formatNumber } from '@campus/shared';
import { Box, Skeleton, Typography } from '@mui/material';
import { visuallyHidden } from '../common/visually-hidden';
import type { SiteStats as Stats } from './useSiteStats';

const ITEMS = [
  { key: 'users', label: 'Students signed up' },
  { key: 'products', label: 'Products for sale' },
  { key: 'services', label: 'Services offered' },
] as const;

/**
 * The live counts as a description list (label, number). While loading, fixed-size skeletons
 * keep the layout still; a count that failed is left out (its failure was only logged).
 */
export function SiteStats({ stats }: { stats: Stats }) {
  const shown = ITEMS.filter((item) => stats.loading || stats[item.key] !== null);
  if (shown.length === 0) return null;
  return (
    <Box
      component="dl"
      aria-busy={stats.loading}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(5.5rem, 1fr))',
        gap: { xs: 1, sm: 2 },
        m: 0,
      }}
    >
      {shown.map((item) => (
        <Box
          key={item.key}
          sx={{
            display: 'flex',
            flexDirection: 'column-reverse',
            alignItems: 'center',
            textAlign: 'center',
            p: { xs: 1.5, sm: 2 },
            borderRadius: 2,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.3 }}>
            {stats.loading ? (
              <>
                <Skeleton variant="text" width="3ch" sx={{ mx: 'auto' }} aria-hidden />
                <Box component="span" sx={visuallyHidden}>
                  Loading
                </Box>
              </>
            ) : (
              formatNumber(stats[item.key] ?? 0)
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
