import { loginPath, TAP_TARGET_PX, theme, useSession } from '@campus/shared';
import { styled } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { MaskIcon } from '../common/components/MaskIcons';
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
  /** 'card-corner': over the cover's top-right corner of a list card, with a small shadow. */
  placement?: 'card-corner';
}

const { palette, shadows, transitions } = theme;

/*
 * MUI's IconButton look (44 px round target, 24 px icon, text.secondary; error.main once saved)
 * as static styles on the button or link itself (docs/product.md §23, ADR 0017): a list page shows 20
 * hearts, and IconButton's ButtonBase and style functions ran for each while the page hydrated.
 */
const heart = {
  display: 'inline-flex',
  flex: '0 0 auto',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  boxSizing: 'border-box',
  width: TAP_TARGET_PX,
  height: TAP_TARGET_PX,
  padding: 8,
  margin: 0,
  border: 0,
  borderRadius: '50%',
  verticalAlign: 'middle',
  fontSize: '1.5rem',
  color: palette.text.secondary,
  backgroundColor: palette.background.paper,
  cursor: 'pointer',
  textDecoration: 'none',
  WebkitTapHighlightColor: 'transparent',
  transition: transitions.create('background-color', { duration: transitions.duration.shortest }),
  '&[aria-pressed="true"]': { color: palette.error.main },
  '&[data-placement="card-corner"]': {
    position: 'absolute',
    top: 4,
    right: 4,
    zIndex: 1,
    boxShadow: shadows[1],
  },
} as const;
const HeartButton = styled('button')(heart);
const HeartLink = styled(RouterLink)(heart);

/**
 * The heart (docs/product.md §20.1) on cards and item pages. Signed in: a toggle button
 * (`aria-pressed`) that saves or unsaves at once (optimistic). Guest: a real link to login with
 * `redirect` back to the item page carrying `?save=<kind>:<id>`, so the item is saved after login
 * (the item page acts on the marker) — and it works before JavaScript has loaded.
 */
export function SaveButton({ kind, id, title, placement }: SaveButtonProps) {
  const { token } = useSession();
  const saved = useIsSaved(kind, id);
  if (!token) {
    return (
      <HeartLink
        to={loginPath(saveAfterLoginPath(kind, id))}
        aria-label={`Save ${title}`}
        data-placement={placement}
      >
        <MaskIcon shape="FavoriteBorder" />
      </HeartLink>
    );
  }
  return (
    <HeartButton
      type="button"
      aria-label={`Save ${title}`}
      aria-pressed={saved}
      title={saved ? 'Saved' : 'Save'}
      onClick={() => void toggleSaved(token, kind, id, !saved)}
      data-placement={placement}
    >
      <MaskIcon shape={saved ? 'Favorite' : 'FavoriteBorder'} />
    </HeartButton>
  );
}
