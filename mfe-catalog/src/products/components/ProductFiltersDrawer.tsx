import { Drawer } from '@campus/mui-overlays';
import { Box, CloseIcon, IconButton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface ProductFiltersDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The filter form. */
  children: ReactNode;
}

/**
 * The products' filter drawer below 768 px (docs/product.md §2 "Products list"): a right-hand panel titled
 * 'Filters' with a close button and the filter form. Its own module, so its code (and MUI's
 * Drawer) is downloaded when Filters is first pressed, not with the list (docs/product.md §23).
 */
export function ProductFiltersDrawer({ open, onClose, children }: ProductFiltersDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'product-filters-drawer-heading',
          sx: { width: 300, maxWidth: '85vw', p: 2 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="product-filters-drawer-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
          Filters
        </Typography>
        <IconButton aria-label="Close filters" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {children}
    </Drawer>
  );
}
