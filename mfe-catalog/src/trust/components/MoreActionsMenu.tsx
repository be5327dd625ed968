import { Menu, MenuItem } from '@campus/mui-overlays';
import { FlagIcon } from '@mui/material';

interface MoreActionsMenuProps {
  id: string;
  /** The "more actions" button the menu opens under; null = closed. */
  anchorEl: HTMLElement | null;
  onClose: () => void;
  /** 'Report' was chosen (docs/product.md §19.1). */
  onReport: () => void;
}

/**
 * The menu of `ReportMenu`'s "more actions" button: 'Report'. Its code and MUI's Menu download
 * when the button is first pressed (docs/product.md §23): item and shop pages never open it on first view.
 */
export function MoreActionsMenu({ id, anchorEl, onClose, onReport }: MoreActionsMenuProps) {
  return (
    <Menu id={id} anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose}>
      <MenuItem onClick={onReport}>
        <FlagIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />
        Report
      </MenuItem>
    </Menu>
  );
}
