import { Alert, Box, Button, CircularProgress } from '@mui/material';

/** A list that could not be loaded: `text` and a 'Try again' that calls `onRetry` (docs/product.md §21.5). */
export function LoadFailedAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

/** The spinner of a page's first load, named by `label` ('Loading your saved items'). */
export function PageSpinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
