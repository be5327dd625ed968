/**
 * The lazy toaster (docs/product.md §23): nothing of notistack is rendered before the first toast; a toast
 * asked for before notistack has loaded still appears, with the key returned at once; closing
 * by that key closes it; server and first client render are empty.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { closeToast, enqueueToast, Toaster, useSnackbar } from './toasts';

const seen: ReturnType<typeof useSnackbar>[] = [];
function Probe() {
  seen.push(useSnackbar());
  return null;
}

describe('Toaster', () => {
  it('renders nothing on the server and before the first toast', () => {
    expect(renderToString(<Toaster />)).toBe('');
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();
  });

  it('shows a toast asked for before notistack loaded, keyed at once, and closes it by that key', async () => {
    render(<Toaster autoHideDuration={null} />);
    let key: ReturnType<typeof enqueueToast> | undefined;
    act(() => {
      key = enqueueToast('Saved', { variant: 'success' });
    });
    expect(key).toEqual(expect.any(String));
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    act(() => closeToast(key));
    // notistack's exit transitions run first (a few hundred ms; more on a busy machine).
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull(), { timeout: 5000 });

    // notistack loaded and the provider mounted: the next toast shows at once.
    act(() => {
      enqueueToast('Saved again');
    });
    expect(screen.getByText('Saved again')).toBeInTheDocument();
  });

  it('useSnackbar gives notistack-shaped enqueue and close functions that are stable', () => {
    seen.length = 0;
    render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]?.enqueueSnackbar).toBe(enqueueToast);
    expect(seen[0]?.closeSnackbar).toBe(closeToast);
  });
});
