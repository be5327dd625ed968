import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@campus/shared';

/** Check Your Inbox (auth remote). */
export default function CheckInboxPage() {
  usePageMeta('Check Your Inbox');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Check Your Inbox</Typography>
    </Container>
  );
}
