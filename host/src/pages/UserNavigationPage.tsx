import {
  PRODUCT_CATEGORIES,
  PRODUCT_NAME,
  SERVICE_CATEGORIES,
  usePageMeta,
  useSession,
} from '@campus/shared';
import {
  AccountCircleIcon,
  AddIcon,
  Box,
  Button,
  Container,
  EmailIcon,
  EventIcon,
  GavelIcon,
  HomeIcon,
  Inventory2Icon,
  LogoutIcon,
  PersonIcon,
  PolicyIcon,
  RocketLaunchIcon,
  SchoolIcon,
  SellIcon,
  SettingsIcon,
  StorefrontIcon,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import {
  LOGIN_PATH,
  MOBILE_DASHBOARD_PATH,
  PROFILE_PATH,
  REGISTER_PATH,
  SELL_NOW_PATH,
} from '../layout/nav-links';
import { useLogout } from '../layout/useLogout';
import { PageHeading } from './common/PageHeading';
import { CategoryLinks } from './home/CategoryLinks';
import { LinkList, type SiteLink } from './user-navigation/LinkList';

export const USER_NAVIGATION_DESCRIPTION = `Every part of ${PRODUCT_NAME} in one list: products, services, your account and dashboard, help and legal pages.`;

const BROWSE: readonly SiteLink[] = [
  { label: 'Home', to: '/', hint: 'Search, newest listings and categories', icon: <HomeIcon /> },
  {
    label: 'Products',
    to: '/products',
    hint: 'Textbooks, electronics and more for sale',
    icon: <Inventory2Icon />,
  },
  {
    label: 'Services',
    to: '/services',
    hint: 'Tutoring, photography, repairs and more',
    icon: <StorefrontIcon />,
  },
];

const GUEST_ACCOUNT: readonly SiteLink[] = [
  { label: 'Log in', to: LOGIN_PATH, icon: <AccountCircleIcon /> },
  {
    label: 'Create an account',
    to: REGISTER_PATH,
    hint: 'Free, with your e-mail and WhatsApp number',
    icon: <PersonIcon />,
  },
  { label: 'Forgot your password?', to: '/forgot-password', icon: <EmailIcon /> },
];

const MEMBER_ACCOUNT: readonly SiteLink[] = [
  { label: 'Dashboard', to: MOBILE_DASHBOARD_PATH, icon: <HomeIcon /> },
  { label: 'My products', to: '/app/products-list', hint: 'Add, edit, mark sold', icon: <Inventory2Icon /> },
  { label: 'My services', to: '/app/services-list', icon: <StorefrontIcon /> },
  { label: 'My events', to: '/app/events-list', icon: <EventIcon /> },
  { label: 'Create a service', to: '/create-service', icon: <AddIcon /> },
  {
    label: 'Profile and settings',
    to: PROFILE_PATH,
    hint: 'Your details and your shop',
    icon: <SettingsIcon />,
  },
];

const HELP: readonly SiteLink[] = [
  { label: 'About', to: '/about', hint: `How ${PRODUCT_NAME} works`, icon: <SchoolIcon /> },
  { label: 'Contact Us', to: '/contact', hint: 'Feedback and questions', icon: <EmailIcon /> },
  // Every row has an icon (docs/product.md §21.14).
  { label: 'Privacy Policy', to: '/privacy-policy', icon: <PolicyIcon /> },
  { label: 'Terms and Conditions', to: '/terms-and-conditions', icon: <GavelIcon /> },
  {
    label: 'Coming Soon',
    to: '/coming-soon',
    hint: "What's next, and launch news",
    icon: <RocketLaunchIcon />,
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography variant="h2" id={id} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * User navigation ('/user-navigation'; docs/product.md §2, §17): a site map for phones with every part
 * of the site for the current user. Guests see log in / sign up; signed-in users see their
 * dashboard pages, profile and Logout (which clears the session and goes home).
 */
export function UserNavigationPage() {
  usePageMeta('Site map', USER_NAVIGATION_DESCRIPTION);
  const { isAuthenticated, user } = useSession();
  const logout = useLogout();

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <PageHeading>Where do you want to go?</PageHeading>
      <Typography sx={{ mb: 4 }}>
        {isAuthenticated && user?.firstName
          ? `Hi ${user.firstName}, here is everything on ${PRODUCT_NAME}.`
          : `Everything on ${PRODUCT_NAME}, in one list.`}
      </Typography>

      <Box component="nav" aria-label="Site map">
        <Section id="sitemap-browse" title="Browse">
          <LinkList links={BROWSE} label="Browse" />
        </Section>

        <Section id="sitemap-sell" title="Sell">
          <LinkList
            label="Sell"
            links={[
              {
                label: 'Sell now',
                to: SELL_NOW_PATH,
                hint: isAuthenticated
                  ? 'List a product in a few minutes'
                  : 'Log in first, then list your product',
                icon: <SellIcon />,
              },
            ]}
          />
        </Section>

        <Section id="sitemap-account" title="Your account">
          <LinkList links={isAuthenticated ? MEMBER_ACCOUNT : GUEST_ACCOUNT} label="Your account" />
          {isAuthenticated ? (
            <Button
              variant="outlined"
              startIcon={<LogoutIcon />}
              onClick={logout}
              sx={{ mt: 2, minHeight: 48 }}
            >
              Logout
            </Button>
          ) : null}
        </Section>

        <Section id="sitemap-help" title="Help and information">
          <LinkList links={HELP} label="Help and information" />
        </Section>

        <Section id="sitemap-categories" title="Browse by category">
          <Typography variant="h3" sx={{ mb: 1 }}>
            Product categories
          </Typography>
          <CategoryLinks base="/products" categories={PRODUCT_CATEGORIES} label="Product categories" />
          <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
            Service categories
          </Typography>
          <CategoryLinks base="/services" categories={SERVICE_CATEGORIES} label="Service categories" />
        </Section>
      </Box>
    </Container>
  );
}
