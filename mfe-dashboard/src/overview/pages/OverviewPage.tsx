import { usePageMeta, useSession } from '@campus/shared';
import { Alert, Box, Button, Paper, SellIcon, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useLoadOnce } from '../../common/hooks/useLoadOnce';
import { getSummary } from '../api/get-summary';
import { NumberList } from '../components/NumberList';
import { SellerInsights } from '../components/SellerInsights';

/** 'Sell now' target: the named route app.products (docs/product.md §2). */
export const SELL_NOW_PATH = '/app/products-list';

const number = new Intl.NumberFormat('en-KE');

/**
 * /app: a seller's overview (docs/product.md §15): counts of my products (available / sold), services and
 * events, the views of my listings, the seller insights (docs/product.md §20.7: totals, a 30-day chart,
 * each listing's numbers), and a 'Sell now' call to action linking to app.products.
 */
export default function OverviewPage() {
  usePageMeta('Dashboard');
  const { user } = useSession();
  const { data: summary, failed } = useLoadOnce(getSummary);

  const tiles: { label: string; value?: number; detail?: string; to: string }[] = [
    {
      label: 'Products',
      value: summary?.products,
      detail: summary ? `${summary.productsAvailable} available, ${summary.productsSold} sold` : undefined,
      to: '/app/products-list',
    },
    { label: 'Services', value: summary?.services, to: '/app/services-list' },
    {
      label: 'Events',
      value: summary?.events,
      detail: summary ? `${summary.upcomingEvents} upcoming` : undefined,
      to: '/app/events-list',
    },
    {
      label: 'Total views',
      value: summary?.views,
      detail: 'of my products and services',
      to: '/app/products-list',
    },
  ];

  return (
    <Box>
      <Typography variant="h1">Dashboard</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {user?.firstName ? `Welcome back, ${user.firstName}.` : 'Welcome back.'} Here is how your listings are
        doing.
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        <Box sx={{ flex: '1 1 220px' }}>
          <Typography component="h2" variant="h6">
            Have something to sell?
          </Typography>
          <Typography color="text.secondary">List it in a minute: students near you are looking.</Typography>
        </Box>
        <Button
          component={RouterLink}
          to={SELL_NOW_PATH}
          variant="contained"
          size="large"
          startIcon={<SellIcon />}
        >
          Sell now
        </Button>
      </Paper>
      {failed ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Your numbers could not be loaded right now.
        </Alert>
      ) : null}
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        My listings
      </Typography>
      <NumberList label="My listings in numbers" columns={{ xs: '1fr 1fr', md: 'repeat(4, 1fr)' }}>
        {tiles.map((tile) => (
          <Paper component="li" key={tile.label} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {tile.label}
            </Typography>
            <Typography variant="h4" component="p" data-testid={`count-${tile.label}`}>
              {summary ? number.format(tile.value ?? 0) : failed ? '–' : <Skeleton width={48} />}
            </Typography>
            {tile.detail ? (
              <Typography variant="caption" color="text.secondary" component="p">
                {tile.detail}
              </Typography>
            ) : null}
          </Paper>
        ))}
      </NumberList>
      <SellerInsights />
      {/* One column of full-width buttons on phones, a row from 600 px; flex gap, so a wrapped
          button is never indented (docs/product.md §21.12). */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        useFlexGap
        spacing={1}
        sx={{ mt: 3, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button component={RouterLink} to="/create-service" variant="outlined">
          Offer a service
        </Button>
        <Button component={RouterLink} to="/app/events-list" variant="outlined">
          Announce an event
        </Button>
      </Stack>
    </Box>
  );
}
