import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Product page of the catalog remote. */
export default function ProductDetailPage() {
  usePageMeta('Product');
  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1">Product</Typography>
    </Container>
  );
}
