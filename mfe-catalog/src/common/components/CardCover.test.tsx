import { DATA_SAVER_STORAGE_KEY, setDataSaver } from '@campus/shared';
import { MemoryRouter } from '@campus/testing';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductCard } from '../../products/components/ProductCard';
import { aProduct } from '../testing/fixtures';

function renderCard(overrides: Parameters<typeof aProduct>[0] = {}) {
  render(
    <MemoryRouter>
      <ProductCard product={aProduct(overrides)} />
    </MemoryRouter>,
  );
  return screen.getByRole('article');
}

afterEach(() => {
  localStorage.clear();
  delete (navigator as Navigator & { connection?: unknown }).connection;
});

describe('card covers and the data saver (§23.4, §23.8)', () => {
  it('data saver off: the cover has a srcset of the 200, 400 and 800 px WebP variants', () => {
    const card = renderCard();
    const img = within(card).getByRole('img', { name: 'Casio fx-991ES Plus scientific calculator' });
    expect(img).toHaveAttribute('src', '/uploads/products/p1-400.webp');
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/products/p1-200.webp 200w, /uploads/products/p1-400.webp 400w, ' +
        '/uploads/products/p1-800.webp 800w, /uploads/products/p1-1200.webp 1200w',
    );
    expect(within(card).queryByRole('button', { name: /^Load photo/ })).not.toBeInTheDocument();
  });

  it('data saver on: no photo until tapped, then the 200 px thumbnail only', async () => {
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    const card = renderCard();
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    // The item link still works and holds the title; the photo slot is a button outside it.
    const link = within(card).getByRole('link', { name: 'Casio fx-991ES Plus scientific calculator' });
    const button = within(card).getByRole('button', {
      name: 'Load photo: Casio fx-991ES Plus scientific calculator',
    });
    expect(button).toHaveTextContent('Tap to load photo');
    expect(link).not.toContainElement(button);

    await userEvent.click(button);
    const img = within(card).getByRole('img', { name: 'Casio fx-991ES Plus scientific calculator' });
    expect(img).toHaveAttribute('src', '/uploads/products/p1-200.webp');
    expect(img).not.toHaveAttribute('srcset');
  });

  it("follows the browser's Save-Data (navigator.connection.saveData) unless the user chose", () => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: Object.assign(new EventTarget(), { saveData: true }),
    });
    const { unmount } = render(
      <MemoryRouter>
        <ProductCard product={aProduct()} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    unmount();
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'off');
    const card = renderCard();
    expect(within(card).getByRole('img')).toBeInTheDocument();
  });

  it('the toggle re-renders cards at once, and a card without a cover keeps its placeholder', () => {
    const card = renderCard({ coverImage: null, coverThumbnail: null });
    act(() => setDataSaver(true));
    expect(within(card).getByRole('img')).toHaveAttribute('src', expect.not.stringContaining('/uploads/'));
    expect(within(card).queryByRole('button', { name: /^Load photo/ })).not.toBeInTheDocument();
    expect(localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBe('on');
    expect(document.cookie).toContain('data-saver=on');
  });
});
