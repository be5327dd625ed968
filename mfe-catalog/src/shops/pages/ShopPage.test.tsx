import { setApiNavigator } from '@campus/shared';
import { type FakeAnswer, renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aShop, aShopProduct } from '../../common/testing/fixtures';
import ShopPage from './ShopPage';

const navigate = jest.fn();
const api = setupFakeApi();
afterEach(() => jest.restoreAllMocks());
beforeEach(() => {
  setApiNavigator(navigate);
});

/** Answers GET /shops/sh1 with `shop` and GET /shops/sh1/products with `products`. */
function serve(
  shop: FakeAnswer,
  products: FakeAnswer = { body: { status: 'success', data: { products: [] } } },
) {
  api.respond = (request) => (request.path === '/shops/sh1/products' ? products : shop);
}

const shopAnswer = (shop = aShop()) => ({ body: { status: 'success', data: shop } });
const productsAnswer = (products = [aShopProduct()]) => ({ body: { status: 'success', data: { products } } });

function renderShop() {
  return renderPage(<ShopPage />, { path: '/shop/:shopId', route: '/shop/sh1' });
}

describe('ShopPage (§2 "Shop details")', () => {
  it('shows a spinner, then the shop: banner, owner photo, name, description and owner details', async () => {
    serve(shopAnswer(), productsAnswer());
    renderShop();
    expect(screen.getByRole('progressbar', { name: 'Loading shop' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dorm Deals' })).toBeInTheDocument();
    expect(screen.getByText('Kettles, extension cables and everything for your room.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Dorm Deals' })).toHaveAttribute(
      'src',
      '/uploads/shops/sh1-1200.webp',
    );
    expect(screen.getByRole('img', { name: 'Photo of Wanjiru Kamau' })).toHaveAttribute(
      'src',
      '/uploads/users/u3.webp',
    );
    expect(screen.getByText('Wanjiru Kamau')).toBeInTheDocument();
    expect(screen.getByText('Hall 6, Kenyatta University')).toBeInTheDocument();
    // Shown grouped, dialled with the digits (docs/product.md §21.13).
    expect(screen.getByRole('link', { name: '+254 755 000 005' })).toHaveAttribute(
      'href',
      'tel:+254755000005',
    );
    expect(document.title).toBe('Dorm Deals | Campus Soko');
    expect(api.requestsTo('GET', '/shops/sh1')).toHaveLength(1);
    expect(api.requestsTo('GET', '/shops/sh1/products')).toHaveLength(1);
  });

  it('falls back for a missing owner name, address, number, cover and photo', async () => {
    serve(shopAnswer(aShop({ coverImage: null, coverThumbnail: null, address: '', owner: null })));
    const { container } = renderShop();
    await screen.findByRole('heading', { level: 1, name: 'Dorm Deals' });
    expect(screen.getByText('Owner name not available')).toBeInTheDocument();
    expect(screen.getByText('Location not specified')).toBeInTheDocument();
    expect(screen.getByText('Phone not specified')).toBeInTheDocument();
    const placeholders = container.querySelectorAll('img[src^="data:image/svg+xml,"]');
    expect(placeholders).toHaveLength(2); // the cover banner and the owner photo
  });

  it("lists the products under 'Products in Shop' with clamped description, price and chat icon", async () => {
    serve(
      shopAnswer(),
      productsAnswer([
        aShopProduct(),
        aShopProduct({ _id: 'sp2', title: 'Desk lamp', coverImage: null, coverThumbnail: null }),
      ]),
    );
    renderShop();
    const section = (await screen.findByRole('heading', { level: 2, name: 'Products in Shop' })).closest(
      'section',
    );
    if (!section) throw new Error('no products section');
    const cards = within(section).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const [kettle, lamp] = cards as [HTMLElement, HTMLElement];
    expect(within(kettle).getByRole('button', { name: 'Electric kettle 1.7 L' })).toBeInTheDocument();
    expect(within(kettle).getByText('Kes 1,250.50')).toBeInTheDocument();
    expect(within(kettle).getByText('Boils in two minutes. Auto switch-off.')).toHaveStyle({
      WebkitLineClamp: '2',
    });
    const chat = within(kettle).getByRole('link', {
      name: 'Chat with Dorm Deals on WhatsApp about Electric kettle 1.7 L',
    });
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    // The API's shop chat route counts the click and redirects to the docs/product.md §7 message (docs/product.md §20.6).
    expect(chat).toHaveAttribute('href', '/api/v1/shops/sh1/chat?product=sp1');
    // The heart (docs/product.md §20.1): a guest goes to login, back to the product with the save marker.
    expect(within(kettle).getByRole('link', { name: 'Save Electric kettle 1.7 L' })).toHaveAttribute(
      'href',
      expect.stringContaining('redirect=%2Fproducts%2Fsp1%3Fsave%3Dproducts%3Asp1'),
    );
    expect(within(lamp).getByRole('img', { name: 'Desk lamp' }).getAttribute('src')).toMatch(
      /^data:image\/svg\+xml,/,
    );
  });

  it('opens a modal from a title with image, description, price, Close and Contact on WhatsApp', async () => {
    const user = userEvent.setup();
    serve(shopAnswer(aShop({ owner: { firstName: 'Wanjiru', whatsApp: null } })), productsAnswer());
    renderShop();
    await user.click(await screen.findByRole('button', { name: 'Electric kettle 1.7 L' }));
    const dialog = await screen.findByRole('dialog', { name: 'Electric kettle 1.7 L' });
    expect(within(dialog).getByRole('img', { name: 'Electric kettle 1.7 L' })).toBeInTheDocument();
    expect(within(dialog).getByText('Boils in two minutes. Auto switch-off.')).toBeInTheDocument();
    expect(within(dialog).getByText('Kes 1,250.50')).toBeInTheDocument();
    const contact = within(dialog).getByRole('link', { name: 'Contact on WhatsApp' });
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
    expect(contact).toHaveAttribute('href', '/api/v1/shops/sh1/chat?product=sp1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'No products found for this shop.' when the shop has none", async () => {
    serve(shopAnswer(), productsAnswer([]));
    renderShop();
    expect(await screen.findByText('No products found for this shop.')).toBeInTheDocument();
  });

  it('treats a missing products list as empty', async () => {
    serve(shopAnswer(), { body: { status: 'success', data: {} } });
    renderShop();
    expect(await screen.findByText('No products found for this shop.')).toBeInTheDocument();
  });

  it("shows 'Failed to load shop data: {message}' with the server's message, and stays on the page", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    serve({ status: 404, body: { status: 'fail', message: 'Shop not found' } });
    renderShop();
    expect(await screen.findByText('Failed to load shop data: Shop not found')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows 'Failed to load shop data: {message}' with the error's message when the server gave none", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    serve(shopAnswer(), { status: 500 });
    renderShop();
    expect(
      await screen.findByText('Failed to load shop data: Request failed with status code 500'),
    ).toBeInTheDocument();
  });

  it("shows 'Shop data is missing or invalid' when the answer has no data", async () => {
    serve({ body: { status: 'success' } });
    renderShop();
    expect(await screen.findByText('Shop data is missing or invalid')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});
