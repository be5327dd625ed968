import { MPESA_CHECK_TIPS } from '@campus/shared/constants';
import { Alert, Box, Typography } from '@mui/material';

/** How to check an M-Pesa payment before handing over (docs/product.md §28), on the deals page. */
export function PaymentCheck() {
  return (
    <Box component="aside" aria-label="Check M-Pesa payments" sx={{ mb: 3 }}>
      <Alert severity="warning" role="none">
        <Typography component="p" variant="body2" sx={{ fontWeight: 700 }}>
          Paid by M-Pesa? Check before you hand over
        </Typography>
        <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5 }}>
          {MPESA_CHECK_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </Typography>
      </Alert>
    </Box>
  );
}
