import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './Pagination';

function pageNumbers() {
  return screen
    .getAllByRole('button')
    .map((button) => button.textContent)
    .filter((text) => /^\d+$/.test(text ?? ''));
}

describe('Pagination (spec 9)', () => {
  it('shows 5 page numbers around the current page and marks it aria-current', () => {
    render(<Pagination page={7} totalPages={20} onChange={() => {}} />);
    expect(pageNumbers()).toEqual(['5', '6', '7', '8', '9']);
    expect(screen.getByRole('button', { name: '7' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: '6' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} totalPages={20} onChange={() => {}} />);
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pagination page={20} totalPages={20} onChange={() => {}} />);
    expect(pageNumbers()).toEqual(['16', '17', '18', '19', '20']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('is hidden when there is at most one page', () => {
    const { container, rerender } = render(<Pagination page={1} totalPages={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination page={1} totalPages={0} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('calls onChange with the chosen, previous and next page', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Pagination page={3} totalPages={4} onChange={onChange} />);
    expect(pageNumbers()).toEqual(['1', '2', '3', '4']);
    await user.click(screen.getByRole('button', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange.mock.calls).toEqual([[4], [2], [4]]);
  });
});
