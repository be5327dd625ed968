import { usePageMeta } from '@campus/shared';
import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** 403 page, where HTTP 403 navigates (docs/product.md §2 "route Forbidden"; defined at /forbidden). */
export function ForbiddenPage() {
  usePageMeta('Access denied', 'You do not have permission to do that on Campus Soko.');
  return (
    <Container sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        Access denied
      </Typography>
      <Typography sx={{ mb: 3 }}>
        You don't have permission to view or change this. Only its owner can.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to Homepage
      </Button>
    </Container>
  );
}
