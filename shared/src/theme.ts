/**
 * The MUI theme of the whole site: brand colours, the 768 px desktop breakpoint as `md`
 * (docs/product.md §9), typography sized for phones, no motion for people who ask for less
 * (`prefers-reduced-motion`: every transition and animation, MUI's included, ends at once), and
 * the phone and keyboard baseline of docs/product.md §21:
 * - long words (e-mails, names, shop names, titles) wrap anywhere instead of widening the page
 *   (item 1);
 * - a 3 px focus ring (`:focus-visible`, MUI's `.Mui-focusVisible`) on every interactive element,
 *   in the brand green (6:1 on the page background) or in `--focus-ring` where a dark surface
 *   sets it (navbar, footer: white) (item 2);
 * - toasts never wider than the screen (item 4), their white text at least 4.5:1 on every variant;
 * - below 768 px every button, icon button, chip and small input is at least 44 × 44 px
 *   (WCAG 2.2 target size, item 7).
 */
import { createTheme } from '@mui/material';
import { BRAND_BACKGROUND_COLOR, BRAND_PRIMARY_COLOR, DESKTOP_BREAKPOINT_PX } from './constants';

/** Smallest tap target on phones, px (docs/product.md §21.7; WCAG 2.5.5, Android's 48 dp). */
export const TAP_TARGET_PX = 44;
/** Width of the keyboard focus ring, px (docs/product.md §21.2: at least 2 px). */
export const FOCUS_RING_PX = 3;

/** The focus ring: `--focus-ring` when a dark surface sets it, else the brand green. */
const FOCUS_RING = `${FOCUS_RING_PX}px solid var(--focus-ring, ${BRAND_PRIMARY_COLOR})`;
/** Below the desktop breakpoint (phones). */
const PHONE = `@media (max-width:${DESKTOP_BREAKPOINT_PX - 0.05}px)`;
/** Keyboard focus as MUI marks it after hydration, and as the browser marks it before. */
const FOCUS_VISIBLE = '&.Mui-focusVisible, &:focus-visible';
/**
 * The focus ring drawn inside an element whose container clips what is outside (menu items,
 * card links): a style object for MUI overrides and `styled` elements alike.
 */
export const INSET_FOCUS_RING = { outline: FOCUS_RING, outlineOffset: -FOCUS_RING_PX } as const;

/** Site theme; the host wraps every page (and every remote) in it. */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: DESKTOP_BREAKPOINT_PX, lg: 1200, xl: 1536 } },
  palette: {
    primary: { main: BRAND_PRIMARY_COLOR, contrastText: '#ffffff' },
    secondary: { main: '#b0462f', contrastText: '#ffffff' },
    background: { default: BRAND_BACKGROUND_COLOR, paper: '#ffffff' },
    text: { primary: '#1d2521', secondary: '#4a5650' },
  },
  shape: { borderRadius: 10 },
  components: {
    MuiCssBaseline: {
      styleOverrides: `
        body { overflow-wrap: anywhere; }
        :focus-visible { outline: ${FOCUS_RING}; outline-offset: 2px; }
        /* Toasts never wider than the screen (notistack's own min-width is 288 px; docs/product.md §21). */
        .notistack-SnackbarContainer { max-width: calc(100vw - 16px); }
        .notistack-MuiContent { min-width: 0 !important; max-width: calc(100vw - 16px); }
        #notistack-snackbar { min-width: 0; flex: 1 1 auto; }
        /* White text on every toast at least 4.5:1 (WCAG AA; notistack's own green is 3.3:1); two classes
           outrank notistack's one-class variant styles. */
        .notistack-MuiContent.notistack-MuiContent-success { background-color: ${BRAND_PRIMARY_COLOR}; }
        .notistack-MuiContent.notistack-MuiContent-error { background-color: #c62828; }
        .notistack-MuiContent.notistack-MuiContent-warning { background-color: #a14a00; }
        .notistack-MuiContent.notistack-MuiContent-info { background-color: #1565c0; }
        @media (prefers-reduced-motion: reduce) {
          *, *::before, *::after {
            animation-duration: 0.01ms !important;
            animation-iteration-count: 1 !important;
            transition-duration: 0.01ms !important;
            scroll-behavior: auto !important;
          }
        }
      `,
    },
    MuiButtonBase: {
      styleOverrides: {
        // `:focus-visible` too: a server-rendered page is tabbable before hydration, when MUI has
        // not yet set `.Mui-focusVisible` (and ButtonBase's own `outline: 0` hides the global ring).
        root: { [FOCUS_VISIBLE]: { outline: FOCUS_RING, outlineOffset: 2 } },
      },
    },
    MuiButton: {
      styleOverrides: {
        // A label never breaks inside a word; on phones every button is a 44 px target.
        root: { overflowWrap: 'normal', [PHONE]: { minHeight: TAP_TARGET_PX, minWidth: TAP_TARGET_PX } },
      },
    },
    MuiIconButton: {
      styleOverrides: { root: { [PHONE]: { minHeight: TAP_TARGET_PX, minWidth: TAP_TARGET_PX } } },
    },
    MuiChip: {
      styleOverrides: { root: { overflowWrap: 'normal', [PHONE]: { minHeight: TAP_TARGET_PX } } },
    },
    MuiOutlinedInput: {
      // Small inputs (the search box) are 40 px: 44 px on phones.
      styleOverrides: {
        sizeSmall: { [PHONE]: { '& .MuiInputBase-input': { paddingTop: 10.5, paddingBottom: 10.5 } } },
      },
    },
    // Inside menus, drawers and cards the container clips a ring drawn outside: draw it inside.
    MuiCardActionArea: { styleOverrides: { root: { [FOCUS_VISIBLE]: INSET_FOCUS_RING } } },
    MuiListItemButton: { styleOverrides: { root: { [FOCUS_VISIBLE]: INSET_FOCUS_RING } } },
    MuiMenuItem: { styleOverrides: { root: { [FOCUS_VISIBLE]: INSET_FOCUS_RING } } },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.2rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
