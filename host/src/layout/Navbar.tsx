import {
  lazyPanel,
  MountWhenOpened,
  PRODUCT_NAME,
  TAP_REPLAY,
  useIsDesktop,
  useSession,
} from '@campus/shared';
import {
  AccountCircleIcon,
  AppBar,
  Box,
  Button,
  IconButton,
  MenuIcon,
  Toolbar,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LOGIN_PATH, MAIN_LINKS, REGISTER_PATH, SELL_NOW_PATH } from './nav-links';
import { useLogout } from './useLogout';

// The phone's menu drawer (and MUI's Drawer) downloads when the menu button is first pressed.
const MobileMenu = lazyPanel(() => import('./MobileMenu').then((m) => m.MobileMenu));
// The desktop account menu (and MUI's Menu) downloads when the account button is first pressed.
const UserMenu = lazyPanel(() => import('./UserMenu').then((m) => m.UserMenu));

/**
 * The navigation bar (docs/product.md §2 "Navigation bar and footer"): Home, Services, Products, 'Sell now';
 * the user menu (Dashboard, Profile, Logout) when signed in, Register/Login when not; below
 * 768 px a menu button opens a drawer with the same destinations (`MobileMenu`, downloaded on
 * first use: docs/product.md §23).
 */
export function Navbar() {
  const { isAuthenticated, user } = useSession();
  // The server renders the phone layout; wider screens switch right after hydration (docs/product.md §23).
  const isDesktop = useIsDesktop();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const logout = useLogout();
  const closeAll = () => {
    setMenuAnchor(null);
    setDrawerOpen(false);
  };

  return (
    <>
      {/* White focus ring on the green bar (shared/src/theme.ts). */}
      <AppBar position="static" color="primary" elevation={0} sx={{ '--focus-ring': '#fff' }}>
        <Toolbar component="nav" aria-label="Main" sx={{ gap: 1 }}>
          <Typography
            component={RouterLink}
            to="/"
            variant="h6"
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              fontWeight: 800,
              flexGrow: isDesktop ? 0 : 1,
              mr: 2,
            }}
          >
            {PRODUCT_NAME}
          </Typography>
          {isDesktop ? (
            <>
              <Box sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }}>
                {MAIN_LINKS.map((link) => (
                  <Button key={link.to} component={RouterLink} to={link.to} color="inherit">
                    {link.label}
                  </Button>
                ))}
              </Box>
              <Button component={RouterLink} to={SELL_NOW_PATH} variant="contained" color="secondary">
                Sell now
              </Button>
              {isAuthenticated ? (
                <>
                  <IconButton
                    color="inherit"
                    aria-label="Account menu"
                    aria-haspopup="menu"
                    aria-controls={menuAnchor ? 'user-menu' : undefined}
                    onClick={(event) => setMenuAnchor(event.currentTarget)}
                  >
                    <AccountCircleIcon />
                  </IconButton>
                  <MountWhenOpened open={Boolean(menuAnchor)}>
                    <UserMenu
                      anchorEl={menuAnchor}
                      onClose={closeAll}
                      name={user?.firstName ? `${user.firstName} ${user.lastName}` : undefined}
                      onLogout={logout}
                    />
                  </MountWhenOpened>
                </>
              ) : (
                <>
                  <Button component={RouterLink} to={REGISTER_PATH} color="inherit">
                    Register
                  </Button>
                  <Button component={RouterLink} to={LOGIN_PATH} color="inherit" variant="outlined">
                    Login
                  </Button>
                </>
              )}
            </>
          ) : (
            <IconButton
              color="inherit"
              edge="end"
              aria-label="Open menu"
              aria-controls={drawerOpen ? 'mobile-menu' : undefined}
              onClick={() => setDrawerOpen(true)}
              {...TAP_REPLAY}
            >
              <MenuIcon />
            </IconButton>
          )}
        </Toolbar>
      </AppBar>
      {!isDesktop ? (
        <MountWhenOpened open={drawerOpen}>
          <MobileMenu
            open={drawerOpen}
            onClose={closeAll}
            isAuthenticated={isAuthenticated}
            onLogout={logout}
          />
        </MountWhenOpened>
      ) : null}
    </>
  );
}
