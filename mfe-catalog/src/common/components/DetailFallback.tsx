import { Alert, Button, Container } from '@mui/material';
import { LoadingSpinner } from './LoadingSpinner';

interface DetailFallbackProps {
  /** 'product' or 'service', for the texts. */
  what: string;
  /** true while loading; false: the load failed. */
  loading: boolean;
  onRetry: () => void;
}

/** Detail page before its item is there: a spinner, or an error line with 'Try again'. */
export function DetailFallback({ what, loading, onRetry }: DetailFallbackProps) {
  return (
    <Container sx={{ py: 3 }}>
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
