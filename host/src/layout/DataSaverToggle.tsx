import { DATA_SAVER_LABEL, setDataSaver, useDataSaver, useEarlyTick } from '@campus/shared';
import { Box } from '@mui/material';

/** The checkbox's element id (its tick before hydration is read by it). */
const DATA_SAVER_ID = 'footer-data-saver';

/**
 * The footer's data saver switch (docs/product.md §23.8): a checkbox "Data saver: load photos on tap",
 * checked while the data saver is on (the user's choice, else the browser's Save-Data);
 * changing it stores the choice (`setDataSaver`: localStorage and a cookie for the server).
 * A native checkbox: no script weight, works with every screen reader. A tick or untick made
 * before hydration is stored once React runs (ADR 0032).
 */
export function DataSaverToggle() {
  const on = useDataSaver();
  useEarlyTick(DATA_SAVER_ID, setDataSaver);
  return (
    <Box
      component="label"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, cursor: 'pointer', minHeight: 44 }}
    >
      <Box
        component="input"
        type="checkbox"
        id={DATA_SAVER_ID}
        checked={on}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => setDataSaver(event.target.checked)}
        sx={{ width: 20, height: 20, m: 0, accentColor: '#7fd1ae' }}
      />
      {DATA_SAVER_LABEL}
    </Box>
  );
}
