import { setApiNavigator } from '@campus/shared';
import { renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProduct } from '../../common/testing/fixtures';
import ProductDetailPage from './ProductDetailPage';

const navigate = jest.fn();
const api = setupFakeApi();
afterEach(() => jest.restoreAllMocks());
beforeEach(() => {
  setApiNavigator(navigate);
});

const detail = aProduct({
  photos: ['/uploads/products/p1-b-1200.webp', '/uploads/products/p1-c-1200.webp'],
  seller: {
    _id: 'u1',
    firstName: 'Brian',
    lastName: 'Otieno',
    whatsApp: '254722000002',
    university: 'Kenyatta University',
  },
});

function renderDetail(id = 'p1') {
  return renderPage(<ProductDetailPage />, { path: '/products/:productId', route: `/products/${id}` });
}

describe('ProductDetailPage', () => {
  it('shows what a buyer needs: full title, price, description, category, seller, shop, views', async () => {
    api.respond = () => ({ body: { status: 'success', data: { product: detail } } });
    renderDetail();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Casio fx-991ES Plus scientific calculator' }),
    ).toBeInTheDocument();
    expect(api.requests[0]?.path).toBe('/products/p1');
    expect(screen.getByText('Kes 1,800.00')).toBeInTheDocument();
    expect(screen.getByText('Barely used, with cover. Pick up at the library.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'School Supplies' })).toHaveAttribute(
      'href',
      '/products?category=School%20Supplies',
    );
    expect(screen.getByText('Brian Otieno')).toBeInTheDocument();
    expect(screen.getByText('Kenyatta University')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Kahawa Gadgets' })).toHaveAttribute('href', '/shop/sh1');
    expect(screen.getByText('12 views')).toBeInTheDocument();
    expect(document.title).toBe('Casio fx-991ES Plus scientific calculator | Campus Soko');
    const contact = screen.getByRole('link', { name: 'Contact on WhatsApp' });
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
    expect(contact).toHaveAttribute('href', '/api/v1/products/p1/chat');
  });

  it('shows the listing’s scam warnings above the chat button (docs/product.md §29)', async () => {
    const message = 'A photo of this listing is the same as a photo on another seller’s listing.';
    api.respond = () => ({
      body: {
        status: 'success',
        data: { product: { ...detail, safetySignals: [{ kind: 'reused_photo', message }] } },
      },
    });
    renderDetail();
    const warnings = await screen.findByRole('complementary', { name: 'Warnings about this listing' });
    expect(warnings).toHaveTextContent(message);
    const contact = screen.getByRole('link', { name: 'Contact on WhatsApp' });
    // Before the chat button in reading order.
    expect(warnings.compareDocumentPosition(contact) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Safety tips' })).toBeInTheDocument();
  });

  it('shows no warning box for a listing without signals', async () => {
    api.respond = () => ({ body: { status: 'success', data: { product: detail } } });
    renderDetail();
    await screen.findByRole('link', { name: 'Contact on WhatsApp' });
    expect(screen.queryByRole('complementary', { name: 'Warnings about this listing' })).toBeNull();
  });

  it('shows the cover large with a srcset, then the extra photos one at a time', async () => {
    const user = userEvent.setup();
    api.respond = () => ({ body: { status: 'success', data: { product: detail } } });
    renderDetail();
    const cover = await screen.findByRole('img', { name: /photo 1 of 3/ });
    expect(cover).toHaveAttribute(
      'srcset',
      '/uploads/products/p1-200.webp 200w, /uploads/products/p1-400.webp 400w, ' +
        '/uploads/products/p1-800.webp 800w, /uploads/products/p1-1200.webp 1200w',
    );
    expect(cover).toHaveAttribute('width', '1200');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('img', { name: /photo 2 of 3/ })).toHaveAttribute(
      'src',
      '/uploads/products/p1-b-1200.webp',
    );
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByRole('img', { name: /photo 3 of 3/ })).toHaveAttribute(
      'src',
      '/uploads/products/p1-c-1200.webp',
    );
  });

  it('has no shop link when the product has no shop, and a placeholder without pictures', async () => {
    api.respond = () => ({
      body: {
        status: 'success',
        data: { product: { ...detail, shop: null, coverImage: null, coverThumbnail: null, photos: [] } },
      },
    });
    renderDetail();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /^Visit/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(screen.getByRole('link', { name: 'Contact on WhatsApp' })).toHaveAttribute(
      'href',
      '/api/v1/products/p1/chat',
    );
  });

  it('goes to the not-found page on 404', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    api.respond = () => ({ status: 404, body: { status: 'fail', message: 'Product not found' } });
    renderDetail('nope');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/not-found'));
  });

  it('offers to try again after another failure', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    api.respond = () => ({ status: 500, body: { status: 'error', message: 'Internal error' } });
    renderDetail();
    expect(await screen.findByText(/Could not load this product/)).toBeInTheDocument();
    api.respond = () => ({ body: { status: 'success', data: { product: detail } } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Casio fx-991ES Plus scientific calculator',
    );
  });

  it('shows condition, negotiable, the Reserved badge, the heart and the seller page link (§20)', async () => {
    api.respond = () => ({
      body: {
        status: 'success',
        data: { product: { ...detail, condition: 'good', negotiable: true, status: 'reserved' } },
      },
    });
    renderDetail();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Condition:').nextSibling).toHaveTextContent('Good');
    expect(screen.getByText('Price:').nextSibling).toHaveTextContent('Negotiable');
    expect(screen.getByText('Reserved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Brian Otieno' })).toHaveAttribute('href', '/sellers/u1');
    expect(
      screen.getByRole('link', { name: 'Save Casio fx-991ES Plus scientific calculator' }),
    ).toHaveAttribute('href', expect.stringContaining('redirect=%2Fproducts%2Fp1%3Fsave%3Dproducts%3Ap1'));
  });
});
