/**
 * The MUI theme of the whole site: brand colours, the 768 px desktop breakpoint as `md`
 * (spec 9), typography sized for phones, and no motion for people who ask for less
 * (`prefers-reduced-motion`: every transition and animation, MUI's included, ends at once).
 */
import { createTheme } from '@mui/material';
import { DESKTOP_BREAKPOINT_PX } from './constants';

/** Site theme; the host wraps every page (and every remote) in it. */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: DESKTOP_BREAKPOINT_PX, lg: 1200, xl: 1536 } },
  palette: {
    primary: { main: '#0b6e4f', contrastText: '#ffffff' },
    secondary: { main: '#b0462f', contrastText: '#ffffff' },
    background: { default: '#f7f8f6', paper: '#ffffff' },
    text: { primary: '#1d2521', secondary: '#4a5650' },
  },
  shape: { borderRadius: 10 },
  components: {
    MuiCssBaseline: {
      styleOverrides: `
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
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.2rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
