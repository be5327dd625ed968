import { lazyPanel, loginPath, MountWhenOpened, useSession } from '@campus/shared';
import { IconButton, MoreVertIcon } from '@mui/material';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ReportTargetType } from '../api/create-report';

// The report form (and MUI's Dialog, Radio) downloads when Report is first chosen (docs/product.md §23).
const ReportDialog = lazyPanel(() => import('./ReportDialog').then((m) => m.ReportDialog));
// The menu itself (and MUI's Menu) downloads when the button is first pressed.
const MoreActionsMenu = lazyPanel(() => import('./MoreActionsMenu').then((m) => m.MoreActionsMenu));

interface ReportMenuProps {
  targetType: ReportTargetType;
  targetId: string;
  /** What the menu is about, for its accessible name ('More actions for <label>'). */
  label: string;
  /** The owner's user id: no Report on one's own listing. */
  ownerId?: string | null;
}

const NOUNS: Record<ReportTargetType, string> = {
  product: 'product',
  service: 'service',
  shop: 'shop',
  user: 'user',
};

/**
 * The "more actions" menu next to the chat button on item and shop pages (docs/product.md §19.1):
 * 'Report' opens the report dialog; a guest is sent to login with this page as `redirect`. Not
 * shown to the owner of the listing.
 */
export function ReportMenu({ targetType, targetId, label, ownerId }: ReportMenuProps) {
  const { isAuthenticated, user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const menuId = useId();
  if (ownerId && user?._id === ownerId) return null;

  const report = () => {
    setAnchor(null);
    if (!isAuthenticated) {
      navigate(loginPath(location.pathname + location.search));
      return;
    }
    setDialogOpen(true);
  };

  return (
    <>
      <IconButton
        aria-label={`More actions for ${label}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <MountWhenOpened open={Boolean(anchor)}>
        <MoreActionsMenu id={menuId} anchorEl={anchor} onClose={() => setAnchor(null)} onReport={report} />
      </MountWhenOpened>
      <MountWhenOpened open={dialogOpen}>
        <ReportDialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          targetType={targetType}
          targetId={targetId}
          noun={NOUNS[targetType]}
        />
      </MountWhenOpened>
    </>
  );
}
