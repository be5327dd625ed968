import { BADGE_STUDENTS, BADGE_UNIVERSITIES, PRODUCT_NAME, usePageMeta } from '@campus/shared';
import { MPESA_CHECK_TIPS } from '@campus/shared/constants';
import { Box, Button, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { REGISTER_PATH } from '../layout/nav-links';
import { PageHeading } from './common/PageHeading';

export const ABOUT_DESCRIPTION = `What ${PRODUCT_NAME} is and how it works: browse products and services from students at Kenyan universities, contact sellers on WhatsApp, and sell your own things for free.`;

const STEPS = [
  {
    title: '1. Browse',
    text: 'Look through products and services from students at your campus and others. Search by name, pick a category, or set a price range in Kenyan shillings. You do not need an account to look around.',
  },
  {
    title: '2. Contact on WhatsApp',
    text: "Found something you like? Tap the WhatsApp button on the listing. Your own WhatsApp opens with a short message to the seller about the item. You agree the price, the place and the time between you: we don't take a cut.",
  },
  {
    title: '3. Sell',
    text: 'Sign up with your e-mail address, your WhatsApp number and your university, confirm your e-mail, and press "Sell now". Add a title, a price, a category and a photo. You can also open a shop and offer services such as tutoring, hair or photography.',
  },
] as const;

const SAFETY_TIPS = [
  'Meet in a busy public place on campus, in daylight if you can.',
  'Check the item before you pay, and pay only when you have it in your hands.',
  'Never send money (M-Pesa or otherwise) to someone you have not met for an item you have not seen.',
  'Keep your password to yourself: we will never ask for it on WhatsApp.',
  // How to check an M-Pesa payment (docs/product.md §28).
  ...MPESA_CHECK_TIPS,
] as const;

/**
 * About page ('/about', docs/product.md §17; content not in the spec): what the marketplace is for and how it
 * works (browse, contact on WhatsApp, sell), in plain words, with safety tips.
 */
export function AboutPage() {
  usePageMeta('About', ABOUT_DESCRIPTION);
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <PageHeading>About {PRODUCT_NAME}</PageHeading>
      <Typography sx={{ fontSize: '1.1rem', mb: 3 }}>
        {PRODUCT_NAME} is a marketplace made for university students in Kenya. It helps you find what you need
        for campus life from other students, and turn the things and skills you have into money.
      </Typography>

      <Box component="section" aria-labelledby="about-why" sx={{ mb: 4 }}>
        <Typography variant="h2" id="about-why" gutterBottom>
          What it is for
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Every semester students need textbooks, a kettle, a mattress or a second-hand laptop, and every
          semester others have exactly those things to pass on. Many also offer services: tutoring, printing,
          photography, hair and beauty, moving help. {PRODUCT_NAME} puts these offers in one place, organised
          by category, with prices in Kenyan shillings (Kes).
        </Typography>
        <Typography sx={{ mb: 2 }}>
          With {BADGE_UNIVERSITIES} and {BADGE_STUDENTS}, there is a good chance someone near you has what you
          are looking for, or wants what you no longer need.
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="about-how" sx={{ mb: 4 }}>
        <Typography variant="h2" id="about-how" gutterBottom>
          How it works
        </Typography>
        {STEPS.map((step) => (
          <Box key={step.title} sx={{ mb: 2 }}>
            <Typography variant="h3" gutterBottom>
              {step.title}
            </Typography>
            <Typography>{step.text}</Typography>
          </Box>
        ))}
      </Box>

      <Box component="section" aria-labelledby="about-safety" sx={{ mb: 4 }}>
        <Typography variant="h2" id="about-safety" gutterBottom>
          Staying safe
        </Typography>
        <Typography>Deals happen between students, face to face. A few habits keep them pleasant:</Typography>
        <Box component="ul" sx={{ pl: 3 }}>
          {SAFETY_TIPS.map((tip) => (
            <Typography component="li" key={tip} sx={{ mb: 0.5 }}>
              {tip}
            </Typography>
          ))}
        </Box>
        <Typography>
          Read the{' '}
          <Link component={RouterLink} to="/terms-and-conditions">
            Terms and Conditions
          </Link>{' '}
          for what may be listed, and the{' '}
          <Link component={RouterLink} to="/privacy-policy">
            Privacy Policy
          </Link>{' '}
          for what we keep about you.
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="about-start">
        <Typography variant="h2" id="about-start" gutterBottom>
          Get started
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Questions or ideas?{' '}
          <Link component={RouterLink} to="/contact">
            Contact us
          </Link>
          : we read every message.
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to="/products" variant="contained">
            Browse products
          </Button>
          <Button component={RouterLink} to="/services" variant="outlined">
            Find services
          </Button>
          <Button component={RouterLink} to={REGISTER_PATH} variant="outlined">
            Sign up for free
          </Button>
        </Stack>
      </Box>
    </Container>
  );
}
