import { loginPath, TAP_TARGET_PX, useSession } from '@campus/shared';
import { FavoriteBorderIcon, FavoriteIcon, IconButton } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { FavouriteKind } from './favourites-api';
import { toggleSaved, useIsSaved } from './saved-ids';

/** Query marker that saves an item once its page sees a signed-in user (`save=<kind>:<id>`). */
export const SAVE_MARKER = 'save';

/** The item page of `kind`/`id` with the save marker: where login sends a guest back to. */
export function saveAfterLoginPath(kind: FavouriteKind, id: string): string {
  return `/${kind}/${encodeURIComponent(id)}?${SAVE_MARKER}=${kind}:${encodeURIComponent(id)}`;
}

interface SaveButtonProps {
  kind: FavouriteKind;
  id: string;
  /** The item's title or name, for the accessible name 'Save <title>'. */
  title: string;
  /** Extra styles (e.g. the card's corner position). */
  sx?: object;
}

/**
 * The heart (issue 13 item 1) on cards and item pages. Signed in: a toggle button
 * (`aria-pressed`) that saves or unsaves at once (optimistic). Guest: a real link to login with
 * `redirect` back to the item page carrying `?save=<kind>:<id>`, so the item is saved after login
 * (the item page acts on the marker) — and it works before JavaScript has loaded.
 */
export function SaveButton({ kind, id, title, sx }: SaveButtonProps) {
  const { token } = useSession();
  const saved = useIsSaved(kind, id);
  const style = {
    width: TAP_TARGET_PX,
    height: TAP_TARGET_PX,
    color: saved ? 'error.main' : 'text.secondary',
    bgcolor: 'background.paper',
    '&:hover': { bgcolor: 'background.paper' },
    ...sx,
  };
  if (!token) {
    return (
      <IconButton
        component={RouterLink}
        to={loginPath(saveAfterLoginPath(kind, id))}
        aria-label={`Save ${title}`}
        sx={style}
      >
        <FavoriteBorderIcon />
      </IconButton>
    );
  }
  return (
    <IconButton
      aria-label={`Save ${title}`}
      aria-pressed={saved}
      title={saved ? 'Saved' : 'Save'}
      onClick={() => void toggleSaved(token, kind, id, !saved)}
      sx={style}
    >
      {saved ? <FavoriteIcon /> : <FavoriteBorderIcon />}
    </IconButton>
  );
}
