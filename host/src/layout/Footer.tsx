import { PRODUCT_NAME, TAP_TARGET_PX } from '@campus/shared';
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { DataSaverToggle } from './DataSaverToggle';
import { FOOTER_LINKS, SOCIAL_LINKS } from './nav-links';

/** Footer links: at least 44 × 44 px to tap (docs/product.md §21.7). */
const footerLink = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: TAP_TARGET_PX,
  minWidth: TAP_TARGET_PX,
} as const;

/**
 * Site footer (docs/product.md §2): Services, Products, Events (docs/product.md §20.9), Privacy Policy, Terms & Conditions, social links,
 * current year; and the data saver switch (docs/product.md §23.8).
 */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      // White focus ring on the dark footer (shared/src/theme.ts); links are 44 px tap targets (docs/product.md §21).
      sx={{ bgcolor: '#12201a', color: '#e6efe9', mt: 6, py: 4, '--focus-ring': '#fff', '& a': footerLink }}
    >
      <Container>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box component="nav" aria-label="Footer">
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
              {FOOTER_LINKS.map((link) => (
                <Link key={link.to} component={RouterLink} to={link.to} color="inherit" underline="hover">
                  {link.label}
                </Link>
              ))}
            </Stack>
          </Box>
          <Stack direction="row" spacing={2}>
            {SOCIAL_LINKS.map((link) => (
              <Link
                key={link.href}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                color="inherit"
                underline="hover"
              >
                {link.label.replace(`${PRODUCT_NAME} on `, '')}
              </Link>
            ))}
          </Stack>
        </Stack>
        <Box sx={{ mt: 2 }}>
          <DataSaverToggle />
        </Box>
        <Typography variant="body2" sx={{ mt: 2, opacity: 0.85 }}>
          © {year} {PRODUCT_NAME}. Made for students, by students.
        </Typography>
      </Container>
    </Box>
  );
}
