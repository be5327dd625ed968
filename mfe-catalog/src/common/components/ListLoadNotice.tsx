import { OFFLINE_MESSAGE, OfflineNotice, useOnline } from '@campus/shared';
import { Alert, Button } from '@mui/material';

interface ListLoadNoticeProps {
  /** 'products' or 'services', for the texts. */
  what: string;
  /** The page the URL asks for. */
  page: number;
  /** The last load of the list failed (the cards shown, if any, are from an earlier page). */
  failed: boolean;
  /** Cards are shown. */
  hasItems: boolean;
  /** The network failure's own words ("Can't reach Campus Soko — check your connection"), if it was one. */
  networkError?: string | null;
  /** Loads the page again ('Try again', docs/product.md §21.5). */
  onRetry?: () => void;
}

/**
 * Says what the list shows when the network let it down (docs/product.md §23.7: offline, going to page
 * 2 changed the URL but silently kept page 1's cards). Offline: the "You are offline" notice,
 * saying when the cards are from before; online with a failed load: a warning saying the same.
 * Nothing when the list is what the URL asks for. With `onRetry`, a 'Try again' button; an online
 * network failure is named as such first (docs/product.md §21.5); a load that failed while offline is
 * not called "You are offline" once the browser is back online.
 */
export function ListLoadNotice({ what, page, failed, hasItems, networkError, onRetry }: ListLoadNoticeProps) {
  const online = useOnline();
  const stale = failed
    ? hasItems
      ? `Page ${page} of the ${what} could not be loaded: the cards below are from before.`
      : `The ${what} could not be loaded.`
    : null;
  const retry =
    failed && onRetry ? (
      <Button color="inherit" variant="outlined" onClick={onRetry}>
        Try again
      </Button>
    ) : undefined;
  if (!online) {
    return (
      <OfflineNotice action={retry}>{stale ?? `Showing the ${what} saved on this phone.`}</OfflineNotice>
    );
  }
  if (!stale) return null;
  const cause = networkError === OFFLINE_MESSAGE ? null : networkError;
  return (
    <Alert severity="warning" role="status" sx={{ my: 2 }} action={retry}>
      {cause ? `${cause}. ${stale}` : `${stale} Check your connection and try again.`}
    </Alert>
  );
}
