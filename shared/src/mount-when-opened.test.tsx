/**
 * Panels downloaded when first opened (docs/product.md §23): nothing before the first opening (also on the
 * server), the panel after it, and a failed download leaves the page alone and is tried again
 * at the next opening.
 */
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { lazyPanel, MountWhenOpened } from './mount-when-opened';

function Panel({ open }: { open: boolean }) {
  return open ? <p>panel open</p> : <p>panel closed</p>;
}

describe('MountWhenOpened + lazyPanel', () => {
  it('renders nothing (and downloads nothing) until first opened, then keeps the panel mounted', async () => {
    const load = jest.fn(() => Promise.resolve(Panel));
    const LazyPanel = lazyPanel(load);
    const view = (open: boolean) => (
      <main>
        <MountWhenOpened open={open}>
          <LazyPanel open={open} />
        </MountWhenOpened>
      </main>
    );
    expect(renderToString(view(false))).toBe('<main></main>');
    const { rerender } = render(view(false));
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole('main')).toBeEmptyDOMElement();

    rerender(view(true));
    expect(await screen.findByText('panel open')).toBeInTheDocument();
    rerender(view(false));
    expect(screen.getByText('panel closed')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed download leaves the page alone and the next opening downloads again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const load = jest
      .fn<Promise<typeof Panel>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Panel);
    const LazyPanel = lazyPanel(load);
    const view = (open: boolean) => (
      <main>
        <p>the page</p>
        <MountWhenOpened open={open}>
          <LazyPanel open={open} />
        </MountWhenOpened>
      </main>
    );
    const { rerender } = render(view(true));
    await screen.findByText('the page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('panel open')).toBeNull();
    expect(screen.getByText('the page')).toBeInTheDocument();

    rerender(view(false));
    rerender(view(true));
    expect(await screen.findByText('panel open')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
