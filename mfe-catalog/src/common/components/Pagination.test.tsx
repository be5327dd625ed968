import { MemoryRouter } from '@campus/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Pagination } from './Pagination';

const hrefFor = (page: number) => `/products?search=hp&page=${page}`;

function renderInRouter(element: ReactElement) {
  const result = render(<MemoryRouter>{element}</MemoryRouter>);
  return {
    ...result,
    rerender: (next: ReactElement) => result.rerender(<MemoryRouter>{next}</MemoryRouter>),
  };
}

function pageNumbers() {
  return screen
    .getAllByRole('link')
    .map((link) => link.textContent)
    .filter((text) => /^\d+$/.test(text ?? ''));
}

describe('Pagination (§9)', () => {
  it('shows 5 page links around the current page and marks it aria-current', () => {
    renderInRouter(<Pagination page={7} totalPages={20} hrefFor={hrefFor} />);
    expect(pageNumbers()).toEqual(['5', '6', '7', '8', '9']);
    expect(screen.getByRole('link', { name: '7' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '6' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
  });

  it('pages are real links (they work without JavaScript; §23.5)', () => {
    renderInRouter(<Pagination page={2} totalPages={4} hrefFor={hrefFor} />);
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', '/products?search=hp&page=3');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/products?search=hp&page=1',
    );
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/products?search=hp&page=3');
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = renderInRouter(<Pagination page={1} totalPages={20} hrefFor={hrefFor} />);
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Next' })).toBeInTheDocument();
    rerender(<Pagination page={20} totalPages={20} hrefFor={hrefFor} />);
    expect(pageNumbers()).toEqual(['16', '17', '18', '19', '20']);
    expect(screen.getByRole('link', { name: 'Previous' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('is hidden when there is at most one page', () => {
    const { container, rerender } = renderInRouter(<Pagination page={1} totalPages={1} hrefFor={hrefFor} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination page={1} totalPages={0} hrefFor={hrefFor} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('calls onNavigate with the chosen, previous and next page', async () => {
    const user = userEvent.setup();
    const onNavigate = jest.fn();
    renderInRouter(<Pagination page={3} totalPages={4} hrefFor={hrefFor} onNavigate={onNavigate} />);
    expect(pageNumbers()).toEqual(['1', '2', '3', '4']);
    await user.click(screen.getByRole('link', { name: '4' }));
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(onNavigate.mock.calls).toEqual([[4], [2], [4]]);
  });
});
