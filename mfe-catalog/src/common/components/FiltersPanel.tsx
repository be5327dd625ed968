import { Box, Button, CloseIcon, FilterListIcon, IconButton, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';

/** True where the browser has the Popover API (`popover`, `popovertarget`): Chromium 114+, Safari 17+, Firefox 125+. */
function hasNativePopover(): boolean {
  return typeof HTMLElement !== 'undefined' && Object.hasOwn(HTMLElement.prototype, 'popover');
}

/** Where the panel sits: a right-hand drawer (products) or a centred modal (services). */
export type FiltersPanelPlacement = 'drawer' | 'modal';

interface FiltersPanelProps {
  /** The panel's element id (the button's `popovertarget`); its heading is `<id>-heading`. */
  id: string;
  /** The panel's heading and accessible name, e.g. 'Filters' or 'Price Filters'. */
  title: string;
  /** A filter is in force: the button is filled. */
  active: boolean;
  placement: FiltersPanelPlacement;
  /** Shows a close (×) button beside the heading. */
  withClose?: boolean;
  /** The filter form; `close` hides the panel (after Apply or Cancel). */
  children: (close: () => void) => ReactNode;
}

const PLACEMENT_SX = {
  drawer: {
    inset: '0 0 0 auto',
    margin: 0,
    width: 300,
    maxWidth: '85vw',
    height: '100%',
    maxHeight: '100%',
  },
  modal: {
    inset: 0,
    margin: 'auto',
    width: 'calc(100% - 64px)',
    maxWidth: 444,
    height: 'fit-content',
    maxHeight: 'calc(100% - 64px)',
    borderRadius: 1,
  },
} as const;

/**
 * The phone's 'Filters' button and the panel it opens (docs/product.md §2 "Products list" drawer,
 * "Services list" 'Price Filters' modal), native before any JavaScript (ADR 0032): the button is a
 * `<button popovertarget>` and the panel a `popover` element, so the browser opens it, closes it on
 * Escape or a tap outside, and its form is a plain GET form, all from the server's HTML. React takes
 * the same elements over at hydration without touching whether the panel is open or what was picked
 * in it; `close()` hides it after Apply. Where the browser has no Popover API (older than the
 * versions in {@link hasNativePopover}) the panel stays hidden until React runs, then the button
 * opens it through React state (`data-open`).
 */
export function FiltersPanel({
  id,
  title,
  active,
  placement,
  withClose = false,
  children,
}: FiltersPanelProps) {
  const [fallbackOpen, setFallbackOpen] = useState(false);
  const headingId = `${id}-heading`;
  const close = () => {
    setFallbackOpen(false);
    const panel = document.getElementById(id);
    if (panel && hasNativePopover() && panel.matches(':popover-open')) panel.hidePopover();
  };
  return (
    <>
      <Button
        variant={active ? 'contained' : 'outlined'}
        startIcon={<FilterListIcon />}
        popoverTarget={id}
        onClick={() => {
          if (!hasNativePopover()) setFallbackOpen(true);
        }}
        aria-haspopup="dialog"
        sx={{ flexShrink: 0 }}
      >
        Filters
      </Button>
      <Box
        id={id}
        popover="auto"
        role="dialog"
        aria-labelledby={headingId}
        data-open={fallbackOpen ? '' : undefined}
        sx={{
          // Hidden unless open: the browser's own rule for closed popovers is kept (no `display`
          // here), and a browser without popovers hides it too until React opens it.
          '&:not([data-open])': { display: 'none' },
          '@supports selector(:popover-open)': { '&:popover-open': { display: 'block' } },
          '&[data-open]': { position: 'fixed', zIndex: 'modal' },
          ...PLACEMENT_SX[placement],
          border: 0,
          p: 2,
          overflowY: 'auto',
          bgcolor: 'background.paper',
          color: 'text.primary',
          boxShadow: 16,
          '&::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.5)' },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem' }}>
            {title}
          </Typography>
          {withClose ? (
            <IconButton
              aria-label="Close filters"
              popoverTarget={id}
              popoverTargetAction="hide"
              onClick={close}
            >
              <CloseIcon />
            </IconButton>
          ) : null}
        </Box>
        {children(close)}
      </Box>
    </>
  );
}
