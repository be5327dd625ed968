import { PRODUCT_NAME } from '@campus/shared';
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { FOOTER_LINKS, SOCIAL_LINKS } from './nav-links';

/** Site footer (spec 2): Services, Products, Privacy Policy, Terms & Conditions, social links, current year. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: '#12201a', color: '#e6efe9', mt: 6, py: 4 }}>
      <Container>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box component="nav" aria-label="Footer">
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
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
        <Typography variant="body2" sx={{ mt: 3, opacity: 0.85 }}>
          © {year} {PRODUCT_NAME}. Made for students, by students.
        </Typography>
      </Container>
    </Box>
  );
}
