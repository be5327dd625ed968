import { Menu, MenuItem } from '@campus/mui-overlays';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_PATH, PROFILE_PATH } from './nav-links';

interface UserMenuProps {
  /** The account button the menu opens under; null = closed. */
  anchorEl: HTMLElement | null;
  onClose: () => void;
  /** The signed-in user's name for the menu's first (disabled) line; omitted when unknown. */
  name?: string;
  onLogout: () => void;
}

/**
 * The desktop navbar's account menu (docs/product.md §2: Dashboard, Profile, Logout) with id `user-menu`.
 * Its code and MUI's Menu download when the account button is first pressed (`lazyPanel` in
 * Navbar.tsx, docs/product.md §23): no first view opens it.
 */
export function UserMenu({ anchorEl, onClose, name, onLogout }: UserMenuProps) {
  return (
    <Menu id="user-menu" anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose}>
      {name ? <MenuItem disabled>{name}</MenuItem> : null}
      <MenuItem component={RouterLink} to={DASHBOARD_PATH} onClick={onClose}>
        Dashboard
      </MenuItem>
      <MenuItem component={RouterLink} to={PROFILE_PATH} onClick={onClose}>
        Profile
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        Logout
      </MenuItem>
    </Menu>
  );
}
