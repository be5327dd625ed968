/**
 * MUI facade: the only MUI entry the site imports (`@mui/material` is aliased here by
 * rspack.base.ts, tsconfig paths and jest). It re-exports just the components, styles helpers
 * and icons the pages use, so the federated MUI singleton stays small and loads once
 * (docs/stack-notes.md "Shared singletons and sizes": ~58 KB gz instead of 147 KB). A component missing here is a type
 * error (TS2305) in `npm run lint`: add it below rather than importing a deep MUI path.
 * What no first view shows (dialogs, drawers, menus, TextField, ...) is in `@campus/mui-overlays`
 * (shared/src/facades/mui-overlays.ts), downloaded on demand (docs/product.md §23): a first view's text
 * field or select is `OutlinedField` from `@campus/shared` (no Select → Menu → Popover).
 */

// Icons (from @mui/icons-material, inside the facade so they share this one MUI copy).
export { default as AccountCircleIcon } from '@mui/icons-material/AccountCircle';
export { default as AddIcon } from '@mui/icons-material/Add';
export { default as ArrowBackIcon } from '@mui/icons-material/ArrowBack';
export { default as ArrowUpwardIcon } from '@mui/icons-material/ArrowUpward';
export { default as CheckCircleIcon } from '@mui/icons-material/CheckCircle';
export { default as CloseIcon } from '@mui/icons-material/Close';
export { default as DeleteIcon } from '@mui/icons-material/Delete';
export { default as EditIcon } from '@mui/icons-material/Edit';
export { default as EmailIcon } from '@mui/icons-material/Email';
export { default as ErrorIcon } from '@mui/icons-material/Error';
export { default as EventIcon } from '@mui/icons-material/Event';
export { default as FilterListIcon } from '@mui/icons-material/FilterList';
export { default as FlagIcon } from '@mui/icons-material/Flag';
export { default as GavelIcon } from '@mui/icons-material/Gavel';
export { default as HomeIcon } from '@mui/icons-material/Home';
export { default as Inventory2Icon } from '@mui/icons-material/Inventory2';
export { default as KeyboardArrowDownIcon } from '@mui/icons-material/KeyboardArrowDown';
export { default as LocationOnIcon } from '@mui/icons-material/LocationOn';
export { default as LogoutIcon } from '@mui/icons-material/Logout';
export { default as MenuIcon } from '@mui/icons-material/Menu';
export { default as MoreVertIcon } from '@mui/icons-material/MoreVert';
export { default as PersonIcon } from '@mui/icons-material/Person';
export { default as PhoneIcon } from '@mui/icons-material/Phone';
export { default as PolicyIcon } from '@mui/icons-material/Policy';
export { default as RocketLaunchIcon } from '@mui/icons-material/RocketLaunch';
export { default as SchoolIcon } from '@mui/icons-material/School';
export { default as SearchIcon } from '@mui/icons-material/Search';
export { default as SellIcon } from '@mui/icons-material/Sell';
export { default as SettingsIcon } from '@mui/icons-material/Settings';
export { default as ShieldIcon } from '@mui/icons-material/Shield';
export { default as StorefrontIcon } from '@mui/icons-material/Storefront';
export { default as VerifiedIcon } from '@mui/icons-material/Verified';
export { default as VisibilityIcon } from '@mui/icons-material/Visibility';
export { default as VisibilityOffIcon } from '@mui/icons-material/VisibilityOff';
export type { AlertColor } from '@mui/material/Alert';
export { default as Alert } from '@mui/material/Alert';
export { default as AppBar } from '@mui/material/AppBar';
export { default as Box } from '@mui/material/Box';
export type { ButtonProps } from '@mui/material/Button';
export { default as Button } from '@mui/material/Button';
export { default as Card } from '@mui/material/Card';
export { default as CardActionArea } from '@mui/material/CardActionArea';
export { default as Checkbox } from '@mui/material/Checkbox';
export { default as Chip } from '@mui/material/Chip';
export { default as CircularProgress } from '@mui/material/CircularProgress';
export { default as Container } from '@mui/material/Container';
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { default as FormControl } from '@mui/material/FormControl';
export { default as FormControlLabel } from '@mui/material/FormControlLabel';
export { default as FormHelperText } from '@mui/material/FormHelperText';
export { default as IconButton } from '@mui/material/IconButton';
export { default as InputAdornment } from '@mui/material/InputAdornment';
export { default as InputLabel } from '@mui/material/InputLabel';
export { default as Link } from '@mui/material/Link';
export { default as List } from '@mui/material/List';
export { default as NativeSelect } from '@mui/material/NativeSelect';
export { default as OutlinedInput } from '@mui/material/OutlinedInput';
export { default as Paper } from '@mui/material/Paper';
export { default as Skeleton } from '@mui/material/Skeleton';
export { default as Stack } from '@mui/material/Stack';
export type { SxProps, Theme } from '@mui/material/styles';
export { createTheme, styled, ThemeProvider, useTheme } from '@mui/material/styles';
export { default as Toolbar } from '@mui/material/Toolbar';
export { default as Typography } from '@mui/material/Typography';
export { default as useMediaQuery } from '@mui/material/useMediaQuery';
