import { formatNumber, lazyPanel } from '@campus/shared';
import { Alert, Box, Link, Paper, Skeleton, Typography } from '@mui/material';
import { Component, type ReactNode, Suspense, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLoadOnce } from '../../common/hooks/useLoadOnce';
import { dailyTotals, getInsights } from '../api/get-insights';
import { NumberList } from './NumberList';

// The chart library loads with this section only, in its own chunk (docs/product.md §20.7, ADR 0022);
// after a failed download the next visit of the overview tries again (lazyPanel).
const InsightsChart = lazyPanel(() =>
  import(/* webpackChunkName: "dashboard-insights-chart" */ './InsightsChart').then(
    (module) => module.default,
  ),
);

/** Height of the chart's placeholder while its code downloads (InsightsChart's CHART_HEIGHT_PX). */
const CHART_PLACEHOLDER_PX = 240;

/** Renders nothing when the chart's code fails to download or run: the numbers stay readable. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

const TOTALS = [
  { key: 'views', label: 'Views' },
  { key: 'chatClicks', label: 'Chat clicks' },
  { key: 'saves', label: 'Saves' },
] as const;

/** '1 view', '2 views', '1,234 views'. */
const count = (n: number, noun: string) => `${formatNumber(n)} ${noun}${n === 1 ? '' : 's'}`;

/** Number cells never break inside a word ('Chat clicks' may wrap between its words); the title takes the rest. */
const cell = {
  px: 1,
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
  textAlign: 'right',
  // The site lets long words break anywhere (theme); a header or a number never breaks inside.
  overflowWrap: 'normal',
  wordBreak: 'normal',
} as const;

/**
 * The seller's insights on the overview (docs/product.md §20.7): totals (views, chat clicks, saves),
 * a 30-day chart of daily views and chat clicks over all listings (lazy chunk; a figure whose
 * caption sums the 30 days), and a table of each listing's numbers — the chart's text
 * alternative (the chart itself can also be read point by point with the keyboard, x-charts'
 * own navigation). Nothing to show yet: a line saying where the numbers will appear.
 */
export function SellerInsights() {
  const { data: insights, failed } = useLoadOnce(getInsights);

  const days = useMemo(() => (insights ? dailyTotals(insights.listings) : []), [insights]);
  const recent = days.reduce(
    (sum, day) => ({ views: sum.views + day.views, chatClicks: sum.chatClicks + day.chatClicks }),
    { views: 0, chatClicks: 0 },
  );

  return (
    <Box component="section" aria-labelledby="insights-heading" sx={{ mt: 3 }}>
      <Typography id="insights-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Insights
      </Typography>
      {failed ? (
        <Alert severity="warning">Your insights could not be loaded right now.</Alert>
      ) : (
        <>
          <NumberList label="Insights in numbers" columns={'repeat(3, 1fr)'}>
            {TOTALS.map((total) => (
              <Paper component="li" key={total.key} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
                <Typography variant="body2" color="text.secondary">
                  {total.label}
                </Typography>
                <Typography variant="h5" component="p" data-testid={`insight-${total.key}`}>
                  {insights ? formatNumber(insights.totals[total.key]) : <Skeleton width={40} />}
                </Typography>
              </Paper>
            ))}
          </NumberList>
          {insights && insights.listings.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              When you list a product or a service, its views, chat clicks and saves show here.
            </Typography>
          ) : null}
          {insights && insights.listings.length > 0 ? (
            <>
              <Paper
                component="figure"
                variant="outlined"
                aria-labelledby="insights-chart-caption"
                sx={{ mt: 1.5, mx: 0, mb: 0, p: { xs: 1, sm: 2 } }}
              >
                <Typography
                  component="figcaption"
                  id="insights-chart-caption"
                  variant="body2"
                  sx={{ px: 1, mb: 0.5 }}
                >
                  <Box component="strong" sx={{ display: 'block', typography: 'subtitle1', fontWeight: 600 }}>
                    Views and chat clicks, last {days.length} days
                  </Box>
                  {count(recent.views, 'view')} and {count(recent.chatClicks, 'chat click')} in all; each
                  listing's numbers are in the table below.
                </Typography>
                <Box sx={{ minHeight: CHART_PLACEHOLDER_PX }}>
                  <ChartBoundary>
                    <Suspense fallback={<Skeleton variant="rectangular" height={CHART_PLACEHOLDER_PX} />}>
                      <InsightsChart days={days} />
                    </Suspense>
                  </ChartBoundary>
                </Box>
              </Paper>
              <Box
                role="region"
                aria-labelledby="insights-table-caption"
                // Scrolls sideways on a narrow phone instead of the page; focusable to scroll by keyboard.
                tabIndex={0}
                sx={{ mt: 1.5, overflowX: 'auto' }}
              >
                <Box
                  component="table"
                  sx={{ width: '100%', borderCollapse: 'collapse', typography: 'body2', minWidth: 320 }}
                >
                  <Box
                    component="caption"
                    id="insights-table-caption"
                    sx={{ textAlign: 'left', typography: 'subtitle2', pb: 1, captionSide: 'top' }}
                  >
                    Each listing (all time)
                  </Box>
                  <thead>
                    <tr>
                      <Box component="th" scope="col" sx={{ ...cell, textAlign: 'left', width: '100%' }}>
                        Listing
                      </Box>
                      <Box component="th" scope="col" sx={cell}>
                        Views
                      </Box>
                      <Box component="th" scope="col" sx={cell}>
                        Chat clicks
                      </Box>
                      <Box component="th" scope="col" sx={cell}>
                        Saves
                      </Box>
                    </tr>
                  </thead>
                  <tbody>
                    {insights.listings.map((listing) => (
                      <tr key={`${listing.kind}/${listing._id}`} data-testid={`insights-row-${listing._id}`}>
                        <Box
                          component="th"
                          scope="row"
                          sx={{ ...cell, textAlign: 'left', fontWeight: 400, overflowWrap: 'anywhere' }}
                        >
                          <Link
                            component={RouterLink}
                            to={`/${listing.kind}/${listing._id}`}
                            underline="hover"
                          >
                            {listing.title}
                          </Link>
                        </Box>
                        <Box component="td" sx={cell}>
                          {formatNumber(listing.views)}
                        </Box>
                        <Box component="td" sx={cell}>
                          {formatNumber(listing.chatClicks)}
                        </Box>
                        <Box component="td" sx={cell}>
                          {formatNumber(listing.saves)}
                        </Box>
                      </tr>
                    ))}
                  </tbody>
                </Box>
              </Box>
            </>
          ) : null}
        </>
      )}
    </Box>
  );
}
