/**
 * MUI facade of what no first view shows (docs/product.md §23): dialogs, drawers, menus and the phone
 * menu's list items, radio and toggle groups, the contact page's grid, the upload progress bar,
 * the avatar, and `TextField` (its static import of Select pulls Menu, Popover and MenuList; first
 * views use `OutlinedField` from `@campus/shared`). `@campus/mui-overlays` is aliased here by
 * rspack.base.ts, tsconfig paths and jest, and shared as its own singleton that is never eager,
 * so these components are downloaded with the first page or panel that opens one, not with the
 * host's main.js. Their building blocks (Modal, Paper, ButtonBase, transitions, styles) stay in
 * the `@mui/material` facade (shared/src/facades/mui.ts): one copy of each.
 *
 * Import from here only in code that is itself loaded on demand (a lazy panel or dialog, a
 * signed-in page): importing it from a first view's code would download it with that view.
 */
export { default as Avatar } from '@mui/material/Avatar';
export { default as Dialog } from '@mui/material/Dialog';
export { default as DialogActions } from '@mui/material/DialogActions';
export { default as DialogContent } from '@mui/material/DialogContent';
export { default as DialogContentText } from '@mui/material/DialogContentText';
export { default as DialogTitle } from '@mui/material/DialogTitle';
export { default as Divider } from '@mui/material/Divider';
export { default as Drawer } from '@mui/material/Drawer';
export { default as FormLabel } from '@mui/material/FormLabel';
export { default as Grid } from '@mui/material/Grid';
export { default as LinearProgress } from '@mui/material/LinearProgress';
export { default as ListItemButton } from '@mui/material/ListItemButton';
export { default as ListItemText } from '@mui/material/ListItemText';
export { default as Menu } from '@mui/material/Menu';
export { default as MenuItem } from '@mui/material/MenuItem';
export { default as Radio } from '@mui/material/Radio';
export { default as RadioGroup } from '@mui/material/RadioGroup';
export { default as Rating } from '@mui/material/Rating';
export type { TextFieldProps } from '@mui/material/TextField';
export { default as TextField } from '@mui/material/TextField';
export { default as ToggleButton } from '@mui/material/ToggleButton';
export { default as ToggleButtonGroup } from '@mui/material/ToggleButtonGroup';
