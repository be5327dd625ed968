import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Services page of the catalog remote. */
export default function ServicesPage() {
  usePageMeta('Services');
  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1">Services</Typography>
    </Container>
  );
}
