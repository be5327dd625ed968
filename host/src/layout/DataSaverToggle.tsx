import { DATA_SAVER_LABEL, NativeCheckbox, setDataSaver, useDataSaver } from '@campus/shared';

/**
 * The footer's data saver switch (docs/product.md §23.8): a checkbox "Data saver: load photos on tap",
 * checked while the data saver is on (the user's choice, else the browser's Save-Data);
 * changing it stores the choice (`setDataSaver`: localStorage and a cookie for the server).
 * A native checkbox (`NativeCheckbox`): a tick made before hydration is stored once React runs
 * (ADR 0032).
 */
export function DataSaverToggle() {
  return (
    <NativeCheckbox
      id="footer-data-saver"
      label={DATA_SAVER_LABEL}
      checked={useDataSaver()}
      onChange={setDataSaver}
      accentColor="#7fd1ae"
    />
  );
}
