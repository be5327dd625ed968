import { Link as RouterLink } from 'react-router';
import { Box, Button, Container, Typography } from '@mui/material';
import { PRODUCT_NAME, TAGLINE, usePageMeta } from '@campus/shared';

/** Home page ('/'): hero with the product name and tagline, entry points to the catalog. */
export function HomePage() {
  usePageMeta('Buy, sell and swap on campus', `${PRODUCT_NAME}: ${TAGLINE}.`);
  return (
    <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 6, md: 10 } }}>
      <Container>
        <Typography variant="h1" gutterBottom>
          {PRODUCT_NAME}
        </Typography>
        <Typography sx={{ fontSize: '1.15rem', mb: 3 }}>{TAGLINE}.</Typography>
        <Button component={RouterLink} to="/products" variant="contained" color="secondary" sx={{ mr: 1 }}>
          Browse products
        </Button>
        <Button component={RouterLink} to="/services" variant="outlined" color="inherit">
          Find services
        </Button>
      </Container>
    </Box>
  );
}
