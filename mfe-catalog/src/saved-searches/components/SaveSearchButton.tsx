import { lazyPanel, loginPath, MountWhenOpened, TAP_REPLAY, useSession } from '@campus/shared';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

// The save form (and MUI's Dialog, Radio) downloads when the button is first pressed (docs/product.md §23).
const SaveSearchDialog = lazyPanel(() => import('./SaveSearchDialog').then((m) => m.SaveSearchDialog));

interface SaveSearchButtonProps {
  kind: 'products' | 'services';
  /** The list's query as the page sends it to the API (page and limit are dropped by the API). */
  filters: Record<string, unknown>;
  /** The name the form suggests (e.g. the search words). */
  suggestedName: string;
}

/**
 * "Save this search" on the products and services lists (docs/product.md §30): signed in, it opens
 * the save form (name, alerts); a guest is sent to login with this list as `redirect`.
 */
export function SaveSearchButton({ kind, filters, suggestedName }: SaveSearchButtonProps) {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  const onClick = () => {
    if (!isAuthenticated) {
      navigate(loginPath(location.pathname + location.search));
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button variant="text" size="small" onClick={onClick} aria-haspopup="dialog" {...TAP_REPLAY}>
        Save this search
      </Button>
      <MountWhenOpened open={open}>
        <SaveSearchDialog
          open={open}
          onClose={() => setOpen(false)}
          kind={kind}
          filters={filters}
          suggestedName={suggestedName}
        />
      </MountWhenOpened>
    </>
  );
}
