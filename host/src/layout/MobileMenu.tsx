import { Divider, Drawer, ListItemButton, ListItemText } from '@campus/mui-overlays';
import { Box, List } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  EVENTS_LINK,
  LOGIN_PATH,
  MAIN_LINKS,
  MOBILE_DASHBOARD_PATH,
  PROFILE_PATH,
  REGISTER_PATH,
  SELL_NOW_PATH,
} from './nav-links';

interface MobileMenuProps {
  open: boolean;
  /** Closes the drawer (also after a destination is chosen). */
  onClose: () => void;
  isAuthenticated: boolean;
  /** Signs out (the drawer closes first). */
  onLogout: () => void;
}

/**
 * The navbar's drawer below 768 px (docs/product.md §2 "Navigation bar and footer"): the main links, Events
 * (docs/product.md §20.9) and 'Sell now', then Dashboard/Profile/Logout when signed in or Register/Login when not. Its own
 * module, so its code (and MUI's Drawer) is downloaded when the menu button is first pressed,
 * not with the first view (docs/product.md §23).
 */
export function MobileMenu({ open, onClose, isAuthenticated, onLogout }: MobileMenuProps) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box id="mobile-menu" component="nav" aria-label="Mobile" sx={{ width: 260 }}>
        <List>
          {[...MAIN_LINKS, EVENTS_LINK].map((link) => (
            <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
          <ListItemButton component={RouterLink} to={SELL_NOW_PATH} onClick={onClose}>
            <ListItemText primary="Sell now" />
          </ListItemButton>
        </List>
        <Divider />
        <List>
          {isAuthenticated ? (
            <>
              <ListItemButton component={RouterLink} to={MOBILE_DASHBOARD_PATH} onClick={onClose}>
                <ListItemText primary="Dashboard" />
              </ListItemButton>
              <ListItemButton component={RouterLink} to={PROFILE_PATH} onClick={onClose}>
                <ListItemText primary="Profile" />
              </ListItemButton>
              <ListItemButton
                onClick={() => {
                  onClose();
                  onLogout();
                }}
              >
                <ListItemText primary="Logout" />
              </ListItemButton>
            </>
          ) : (
            <>
              <ListItemButton component={RouterLink} to={REGISTER_PATH} onClick={onClose}>
                <ListItemText primary="Register" />
              </ListItemButton>
              <ListItemButton component={RouterLink} to={LOGIN_PATH} onClick={onClose}>
                <ListItemText primary="Login" />
              </ListItemButton>
            </>
          )}
        </List>
      </Box>
    </Drawer>
  );
}
