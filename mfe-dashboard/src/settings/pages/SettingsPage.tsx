import { Divider } from '@campus/mui-overlays';
import { type Shop, type User, usePageMeta, useSession } from '@campus/shared';
import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { getMe, getMyShop } from '../api/settings-api';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { LogoutEverywhere } from '../components/LogoutEverywhere';
import { ProfileForm } from '../components/ProfileForm';
import { ShopForm } from '../components/ShopForm';

/**
 * /app/settings (route app.settings; 'Profile' in the menus): my profile, my shop, and the
 * account's security (ADR 0011): change password, log out of all devices.
 */
export default function SettingsPage() {
  usePageMeta('Settings');
  const session = useSession();
  const [me, setMe] = useState<User | null>(null);
  const [shop, setShop] = useState<Shop | null | undefined>(undefined);
  const [shopFailed, setShopFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    getMe()
      .then((user) => alive && setMe(user))
      .catch(() => {});
    getMyShop()
      .then((value) => alive && setShop(value))
      .catch(() => alive && setShopFailed(true));
    return () => {
      alive = false;
    };
  }, []);

  const user = me ?? session.user;
  return (
    <Box>
      <Typography variant="h1" gutterBottom>
        Settings
      </Typography>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {user ? <ProfileForm user={user} /> : <CircularProgress aria-label="Loading your profile" />}
        </Paper>
        <Divider />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {shopFailed ? (
            <Alert severity="error">Your shop could not be loaded. Reload the page to try again.</Alert>
          ) : shop === undefined ? (
            <CircularProgress aria-label="Loading your shop" />
          ) : (
            <ShopForm shop={shop} onSaved={setShop} />
          )}
        </Paper>
        <Divider />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {user ? <ChangePasswordForm user={user} /> : <CircularProgress aria-label="Loading your account" />}
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <LogoutEverywhere />
        </Paper>
      </Stack>
    </Box>
  );
}
