import { OfflineNotice, useOnline } from '@campus/shared';
import { Alert, Button, Container } from '@mui/material';
import { LoadingSpinner } from './LoadingSpinner';

interface DetailFallbackProps {
  /** 'product' or 'service', for the texts. */
  what: string;
  /** true while loading; false: the load failed. */
  loading: boolean;
  onRetry: () => void;
}

/**
 * Detail page before its item is there: a spinner, or an error line with 'Try again'; offline,
 * the "You are offline" notice first (docs/product.md §23.7).
 */
export function DetailFallback({ what, loading, onRetry }: DetailFallbackProps) {
  const online = useOnline();
  return (
    <Container sx={{ py: 3 }}>
      {!online && !loading ? (
        <OfflineNotice>
          This {what} is not saved on this phone: it loads when you are back online.
        </OfflineNotice>
      ) : null}
      {loading ? (
        <LoadingSpinner label={`Loading ${what}`} />
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          Could not load this {what}. Check your connection and try again.
        </Alert>
      )}
    </Container>
  );
}
