import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Service page of the catalog remote. */
export default function ServiceDetailPage() {
  usePageMeta('Service');
  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1">Service</Typography>
    </Container>
  );
}
