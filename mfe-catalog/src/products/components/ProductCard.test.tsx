import type { Product } from '@campus/shared';
import { MemoryRouter } from '@campus/testing';
import { render, screen, within } from '@testing-library/react';
import { aProduct } from '../../common/testing/fixtures';
import { ProductCard } from './ProductCard';

function renderCard(product: Product, eager = false) {
  render(
    <MemoryRouter>
      <ProductCard product={product} eager={eager} />
    </MemoryRouter>,
  );
  return screen.getByRole('article');
}

describe('ProductCard (§2 "Products list")', () => {
  it('cuts the title to 18 characters and names the link with the full title', () => {
    const card = renderCard(aProduct());
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(/^Casio fx-991ES Plu…$/);
    const link = within(card).getByRole('link', { name: 'Casio fx-991ES Plus scientific calculator' });
    expect(link).toHaveAttribute('href', '/products/p1');
    expect(link).toHaveAttribute('title', 'Casio fx-991ES Plus scientific calculator');
  });

  it('shows the price in Kes with 2 decimals', () => {
    renderCard(aProduct({ price: 38000.5 }));
    expect(screen.getByText('Kes 38,000.50')).toBeInTheDocument();
  });

  it('labels the seller with the shop name, else the seller firstName, else Unknown', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ProductCard product={aProduct()} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Kahawa Gadgets')).toBeInTheDocument();
    unmount();
    renderCard(aProduct({ shop: null }));
    expect(screen.getByText('Brian')).toBeInTheDocument();
  });

  it("says 'Unknown' without shop and seller name", () => {
    renderCard(aProduct({ shop: null, seller: null }));
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Chat with the seller on WhatsApp about Casio/ }),
    ).toBeInTheDocument();
  });

  it('uses the thumbnail with a 200w/400w/800w/1200w srcset (§23), width/height, lazy loading and the title as alt', () => {
    const card = renderCard(aProduct());
    const image = within(card).getByRole('img', { name: 'Casio fx-991ES Plus scientific calculator' });
    expect(image).toHaveAttribute('src', '/uploads/products/p1-400.webp');
    expect(image).toHaveAttribute(
      'srcset',
      '/uploads/products/p1-200.webp 200w, /uploads/products/p1-400.webp 400w, ' +
        '/uploads/products/p1-800.webp 800w, /uploads/products/p1-1200.webp 1200w',
    );
    expect(image).toHaveAttribute('sizes');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '300');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
  });

  it('loads an above-the-fold cover eagerly', () => {
    renderCard(aProduct(), true);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
  });

  it('shows a local placeholder when there is no cover', () => {
    renderCard(aProduct({ coverImage: null, coverThumbnail: null }));
    const image = screen.getByRole('img', { name: 'Casio fx-991ES Plus scientific calculator' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(image).not.toHaveAttribute('srcset');
  });

  it('links to the API chat route that counts the click (§20.6), in a new tab', () => {
    renderCard(aProduct());
    const chat = screen.getByRole('link', {
      name: 'Chat with Kahawa Gadgets on WhatsApp about Casio fx-991ES Plus scientific calculator',
    });
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(chat).toHaveAttribute('href', '/api/v1/products/p1/chat');
  });

  it('names the seller in the chat link when there is no shop', () => {
    renderCard(aProduct({ shop: null }));
    const chat = screen.getByRole('link', { name: /^Chat with Brian on WhatsApp about/ });
    expect(chat).toHaveAttribute('href', '/api/v1/products/p1/chat');
  });

  describe('§20: campus, condition, negotiable, reserved, seller page, heart', () => {
    it("shows the seller's campus in short form, linked byline to the seller's page", () => {
      const card = renderCard(
        aProduct({
          shop: null,
          seller: { _id: 'u1', firstName: 'Brian', university: 'University of Nairobi' },
        }),
      );
      expect(within(card).getByRole('link', { name: 'Brian' })).toHaveAttribute('href', '/sellers/u1');
      expect(within(card).getByText('UoN')).toHaveAttribute('title', 'University of Nairobi');
    });

    it('shows condition and "Negotiable", and the Reserved badge', () => {
      const card = renderCard(aProduct({ condition: 'like_new', negotiable: true, status: 'reserved' }));
      expect(within(card).getByText('Like new · Negotiable')).toBeInTheDocument();
      expect(within(card).getByText('Reserved')).toBeInTheDocument();
    });

    it('shows neither line nor badge for an available product without condition', () => {
      const card = renderCard(aProduct());
      expect(within(card).queryByText('Reserved')).not.toBeInTheDocument();
      expect(within(card).queryByText(/Negotiable|Like new|Good|Fair|New/)).not.toBeInTheDocument();
    });

    it('has a heart beside (not inside) the item link', () => {
      const card = renderCard(aProduct());
      const heart = within(card).getByRole('link', {
        name: 'Save Casio fx-991ES Plus scientific calculator',
      });
      expect(heart.closest('a[href="/products/p1"]')).toBeNull();
    });
  });

  it("shows a textbook's course codes as people write them (docs/product.md §31)", () => {
    const card = renderCard(aProduct({ courseCodes: ['SCH2101', 'SMA2230'], condition: 'good' }));
    expect(within(card).getByText('SCH 2101, SMA 2230 · Good')).toBeInTheDocument();
  });
});
