import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Shop page of the catalog remote. */
export default function ShopPage() {
  usePageMeta('Shop');
  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1">Shop</Typography>
    </Container>
  );
}
