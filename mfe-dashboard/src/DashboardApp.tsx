import { Route, Routes } from 'react-router';
import { Container, Typography } from '@mui/material';
import { usePageMeta, useSession } from '@campus/shared';

function Overview() {
  const { user } = useSession();
  usePageMeta('Dashboard');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Dashboard</Typography>
      <Typography data-testid="dashboard-user">{user ? `Signed in as ${user.firstName}` : 'Signed in'}</Typography>
    </Container>
  );
}

/** /app and its child routes (spec 2: products-list, services-list, events-list, settings). */
export default function DashboardApp() {
  return (
    <Routes>
      <Route index element={<Overview />} />
      <Route path="*" element={<Overview />} />
    </Routes>
  );
}
