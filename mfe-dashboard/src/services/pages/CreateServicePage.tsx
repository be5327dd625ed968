import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** /create-service (spec 2 "Create service"). */
export default function CreateServicePage() {
  usePageMeta('Create a service');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Create a service</Typography>
    </Container>
  );
}
