import { DATA_SAVER_STORAGE_KEY } from '@campus/shared';
import { serverRenderedPage } from '@campus/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { DataSaverToggle } from './DataSaverToggle';

/**
 * The footer's "Data saver" checkbox (docs/product.md §23.8) keeps a tick made on the
 * server-rendered page before hydration (ADR 0032): it is stored once React runs.
 */
describe('DataSaverToggle', () => {
  afterEach(() => localStorage.clear());

  it('stores a tick made before hydration and shows the box ticked', async () => {
    const root = serverRenderedPage('<input type="checkbox" id="footer-data-saver">', {
      'footer-data-saver': true,
    });
    render(<DataSaverToggle />);
    root.remove();
    await waitFor(() => expect(localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBe('on'));
    expect(screen.getByRole('checkbox', { name: 'Data saver: load photos on tap' })).toBeChecked();
  });

  it('stores nothing when the box was left as the server rendered it', async () => {
    const root = serverRenderedPage('<input type="checkbox" id="footer-data-saver">');
    render(<DataSaverToggle />);
    root.remove();
    expect(screen.getByRole('checkbox', { name: 'Data saver: load photos on tap' })).not.toBeChecked();
    expect(localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBeNull();
  });
});
