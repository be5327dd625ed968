import { usePageMeta } from '@campus/shared';
import { Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Not-found page: any path outside the route table, and where HTTP 404 navigates (docs/product.md §2, §8). */
export function NotFoundPage() {
  usePageMeta('Page not found', 'The page you were looking for does not exist on Campus Soko.');
  return (
    <Container sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography sx={{ mb: 3 }}>
        We couldn't find that page. It may have been removed, or the link may be wrong.
      </Typography>
      {/* A real gap between the buttons, also when they wrap on a phone (docs/product.md §21.14). */}
      <Stack direction="row" useFlexGap spacing={2} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/" variant="contained">
          Go to Homepage
        </Button>
        <Button component={RouterLink} to="/products" variant="outlined">
          Browse products
        </Button>
      </Stack>
    </Container>
  );
}
