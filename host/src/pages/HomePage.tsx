import {
  BADGE_STUDENTS,
  BADGE_UNIVERSITIES,
  PRODUCT_CATEGORIES,
  PRODUCT_NAME,
  SERVICE_CATEGORIES,
  TAGLINE,
  usePageMeta,
  useSession,
} from '@campus/shared';
import { Box, Button, Chip, Container, PersonIcon, SchoolIcon, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { REGISTER_PATH, SELL_NOW_PATH } from '../layout/nav-links';
import { PageHeading } from './common/PageHeading';
import { CategoryLinks } from './home/CategoryLinks';
import { LatestListings } from './home/LatestListings';
import { SearchForm } from './home/SearchForm';
import { SiteStats } from './home/SiteStats';
import { useSiteStats } from './home/useSiteStats';

export const HOME_DESCRIPTION = `${PRODUCT_NAME}: ${TAGLINE}. Buy, sell and swap textbooks, electronics and dorm essentials, and find student services at Kenyan universities. Prices in KES; chat with sellers on WhatsApp.`;

/**
 * Home page ('/', docs/product.md §17; content not in the spec): hero with the product name, tagline, search
 * box, badges and live stats; the newest products and services (catalog remote); the categories
 * as entry points; calls to action 'Sell now' and signup. No images: light on paid data.
 */
export function HomePage() {
  usePageMeta('Buy, sell and swap on campus', HOME_DESCRIPTION);
  const stats = useSiteStats();
  const { isAuthenticated } = useSession();

  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 5, md: 8 } }}>
        <Container>
          <PageHeading>{PRODUCT_NAME}</PageHeading>
          <Typography sx={{ fontSize: '1.15rem', mb: 1 }}>{TAGLINE}.</Typography>
          <Typography sx={{ mb: 3, maxWidth: 620 }}>
            The student marketplace for Kenyan campuses: buy and sell textbooks, electronics and dorm
            essentials, find tutors, photographers and more, and chat with sellers on WhatsApp.
          </Typography>
          <SearchForm />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Chip
              icon={<SchoolIcon />}
              label={BADGE_UNIVERSITIES}
              variant="outlined"
              sx={{
                color: 'inherit',
                borderColor: 'rgba(255,255,255,0.7)',
                '& .MuiChip-icon': { color: 'inherit' },
              }}
            />
            <Chip
              icon={<PersonIcon />}
              label={BADGE_STUDENTS}
              variant="outlined"
              sx={{
                color: 'inherit',
                borderColor: 'rgba(255,255,255,0.7)',
                '& .MuiChip-icon': { color: 'inherit' },
              }}
            />
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 3 }}>
            <Button
              component={RouterLink}
              to="/products"
              variant="contained"
              sx={{ bgcolor: '#ffffff', color: 'primary.main', '&:hover': { bgcolor: '#e3f1ea' } }}
            >
              Browse products
            </Button>
            <Button component={RouterLink} to="/services" variant="outlined" color="inherit">
              Find services
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container>
        <Box component="section" aria-labelledby="stats-heading" sx={{ mt: 4 }}>
          <Typography variant="h2" id="stats-heading" sx={{ mb: 2 }}>
            {PRODUCT_NAME} today
          </Typography>
          <SiteStats stats={stats} />
        </Box>

        <LatestListings kind="products" title="Newest products" />
        <LatestListings kind="services" title="Newest services" />

        <Box component="section" aria-labelledby="categories-heading" sx={{ mt: 5 }}>
          <Typography variant="h2" id="categories-heading" sx={{ mb: 2 }}>
            Browse by category
          </Typography>
          <Typography variant="h3" sx={{ mb: 1 }}>
            Products
          </Typography>
          <CategoryLinks base="/products" categories={PRODUCT_CATEGORIES} label="Product categories" />
          <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
            Services
          </Typography>
          <CategoryLinks base="/services" categories={SERVICE_CATEGORIES} label="Service categories" />
        </Box>

        <Box
          component="section"
          aria-labelledby="sell-heading"
          sx={{
            mt: 5,
            p: { xs: 2, md: 4 },
            borderRadius: 3,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="h2" id="sell-heading" gutterBottom>
            Got something to sell?
          </Typography>
          <Typography sx={{ mb: 2, maxWidth: 620 }}>
            List old textbooks, a spare phone or your skills in a few minutes. Buyers on your campus contact
            you directly on WhatsApp, and listing is free.
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button component={RouterLink} to={SELL_NOW_PATH} variant="contained">
              Sell now
            </Button>
            {isAuthenticated ? (
              <Button component={RouterLink} to="/create-service" variant="outlined">
                Offer a service
              </Button>
            ) : (
              <Button component={RouterLink} to={REGISTER_PATH} variant="outlined">
                Sign up for free
              </Button>
            )}
          </Stack>
        </Box>
      </Container>
    </>
  );
}
