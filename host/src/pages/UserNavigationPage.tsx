import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Site map page (spec 2). */
export function UserNavigationPage() {
  usePageMeta('Site map');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Where do you want to go?</Typography>
    </Container>
  );
}
