import { LinearProgress } from '@campus/mui-overlays';
import { Box, Typography } from '@mui/material';

/**
 * Upload progress of a form (axios `onUploadProgress`): a determinate bar with its percentage,
 * or an indeterminate one while the size is unknown. Renders nothing when `value` is undefined.
 * @param value 0..1, null when unknown, undefined when no upload runs
 */
export function UploadProgress({
  value,
  label = 'Upload progress',
}: {
  value: number | null | undefined;
  label?: string;
}) {
  if (value === undefined) return null;
  const percent = value === null ? undefined : Math.round(value * 100);
  return (
    <Box sx={{ width: '100%' }}>
      <LinearProgress
        aria-label={label}
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
      />
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {percent === undefined
          ? 'Uploading...'
          : percent < 100
            ? `Uploading... ${percent}%`
            : 'Processing pictures...'}
      </Typography>
    </Box>
  );
}
