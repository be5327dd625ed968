import { clearSession } from '@campus/shared';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { logoutEverywhere } from '../api/settings-api';

export const LOGOUT_EVERYWHERE_FAILED = 'We could not log you out of your other devices. Please try again.';

/**
 * "Log out of all devices" (ADR 0011): after a confirmation, asks the API to end every
 * session of the account (this one included), then clears the local session and goes to '/'
 * like Logout (docs/product.md §2). If the API call fails, nothing is cleared and the error is shown.
 */
export function LogoutEverywhere() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await logoutEverywhere();
      clearSession();
      await navigate('/');
    } catch {
      setFailed(true);
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        Devices
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Signed in on a shared or lost device? Log out everywhere, this device included.
      </Typography>
      {failed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {LOGOUT_EVERYWHERE_FAILED}
        </Alert>
      ) : null}
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Log out of all devices
      </Button>
      <ConfirmDialog
        open={open}
        title="Log out of all devices?"
        message="Every device signed in to your account, this one included, will have to log in again."
        confirmLabel="Log out everywhere"
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
