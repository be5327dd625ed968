import { PRODUCT_NAME, usePageMeta } from '@campus/shared';
import { Box, Button, Container, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Countdown } from './coming-soon/Countdown';
import { countdownParts, formatLaunchDate, resolveLaunchDate } from './coming-soon/countdown';
import { NotifyMeForm } from './coming-soon/NotifyMeForm';
import { PageHeading } from './common/PageHeading';

export const COMING_SOON_DESCRIPTION = `${PRODUCT_NAME} is launching soon: see the countdown and leave your e-mail to be told when it opens.`;

interface ComingSoonPageProps {
  /**
   * Launch moment (ISO 8601 string or Date). Default: DEFAULT_LAUNCH_DATE from
   * `@campus/shared` (2024-11-30T23:59:59+03:00). An invalid value falls back to the default.
   */
  launchDate?: string | Date;
}

/**
 * Coming Soon ('/coming-soon'; docs/product.md §2): a countdown in days, hours, minutes and seconds, updated
 * every second, to the configured launch date; once it has passed, the page says the launch has
 * happened and links to the products. The 'Notify Me' form stores an e-mail through the API.
 */
export function ComingSoonPage({ launchDate }: ComingSoonPageProps) {
  usePageMeta('Coming Soon', COMING_SOON_DESCRIPTION);
  const target = useMemo(() => resolveLaunchDate(launchDate), [launchDate]);
  const [now, setNow] = useState(() => new Date());
  const parts = countdownParts(target, now);

  useEffect(() => {
    if (countdownParts(target, new Date()).isPast) return;
    const timer = setInterval(() => {
      const current = new Date();
      setNow(current);
      if (countdownParts(target, current).isPast) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);

  return (
    <Container sx={{ py: { xs: 4, md: 8 } }}>
      {parts.isPast ? (
        <Box component="section" aria-labelledby="launched-heading" sx={{ mb: 5 }}>
          <PageHeading id="launched-heading">We have launched!</PageHeading>
          <Typography sx={{ fontSize: '1.15rem', mb: 3, maxWidth: 640 }}>
            {PRODUCT_NAME} opened on {formatLaunchDate(target)}. Students are already buying, selling and
            offering services: have a look.
          </Typography>
          <Button component={RouterLink} to="/products" variant="contained" size="large">
            Browse products
          </Button>
        </Box>
      ) : (
        <Box component="section" aria-labelledby="countdown-heading" sx={{ mb: 5 }}>
          <PageHeading>Coming Soon</PageHeading>
          <Typography sx={{ fontSize: '1.15rem', mb: 1, maxWidth: 640 }}>
            Something new is coming to {PRODUCT_NAME}. We open on {formatLaunchDate(target)}.
          </Typography>
          <Typography variant="h2" id="countdown-heading" sx={{ mt: 3, mb: 2 }}>
            Launching in
          </Typography>
          <Countdown parts={parts} />
        </Box>
      )}

      <Box component="section" aria-labelledby="notify-heading">
        <Typography variant="h2" id="notify-heading" gutterBottom>
          {parts.isPast ? 'Get news from us' : 'Be the first to know'}
        </Typography>
        <Typography sx={{ mb: 2, maxWidth: 640 }}>
          {parts.isPast
            ? 'Leave your e-mail address and we will tell you about new features and campuses.'
            : 'Leave your e-mail address and we will tell you the moment we launch. No spam.'}
        </Typography>
        <NotifyMeForm />
      </Box>
    </Container>
  );
}
