/**
 * The list pages' search box (docs/product.md §2 "Sticky search box", docs/product.md §9): text typed into the server's
 * box before hydration is kept and sent once React runs (ADR 0032).
 */
import { serverRenderedPage } from '@campus/testing';
import { render, screen } from '@testing-library/react';
import { SEARCH_INPUT_ID, SearchBox } from './SearchBox';

/** The server's page as the student left it before React took over: `typed` in its search box. */
function serverPageWith(typed: string): HTMLElement {
  return serverRenderedPage(`<input id="${SEARCH_INPUT_ID}">`, { [SEARCH_INPUT_ID]: typed });
}

afterEach(() => {
  document.getElementById('root')?.remove();
});

describe('SearchBox', () => {
  it('keeps the text typed before hydration and sends it (trimmed) at once', () => {
    const root = serverPageWith('calculator ');
    const onSearch = jest.fn();
    render(<SearchBox label="Search products" value="" onSearch={onSearch} />);
    root.remove();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('calculator ');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('calculator');
  });

  it('sends nothing when the server box still shows the URL search', () => {
    const root = serverPageWith('hp');
    const onSearch = jest.fn();
    render(<SearchBox label="Search products" value="hp" onSearch={onSearch} />);
    root.remove();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('hp');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("starts from the URL search when the box on the page is already React's (a visit after hydration)", () => {
    const root = serverPageWith('stale');
    // The previous page's box, still in the document while the next page renders.
    Object.assign(root.querySelector('input') as HTMLInputElement, { __reactProps$test: {} });
    const onSearch = jest.fn();
    render(<SearchBox label="Search services" value="plumber" onSearch={onSearch} />);
    root.remove();
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('plumber');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('follows the URL when it changes (Back, a link)', () => {
    const onSearch = jest.fn();
    const { rerender } = render(<SearchBox label="Search products" value="hp" onSearch={onSearch} />);
    rerender(<SearchBox label="Search products" value="dell" onSearch={onSearch} />);
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('dell');
    expect(onSearch).not.toHaveBeenCalled();
  });
});
