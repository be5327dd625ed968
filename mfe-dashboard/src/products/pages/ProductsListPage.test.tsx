import type { Product } from '@campus/shared';
import { pictureFile, renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductsListPage from './ProductsListPage';

const api = setupFakeApi();

const aProduct = (overrides: Partial<Product> = {}): Product => ({
  _id: 'p1',
  title: 'Casio fx-991ES calculator',
  description: 'Barely used scientific calculator.',
  price: 1800,
  category: 'Electronics',
  coverImage: '/uploads/products/a-1200.webp',
  coverThumbnail: '/uploads/products/a-400.webp',
  photos: [],
  views: 12,
  status: 'available',
  ...overrides,
});

let products: Product[];
beforeEach(() => {
  signIn();
  products = [aProduct(), aProduct({ _id: 'p2', title: 'Desk lamp', price: 450, status: 'sold', views: 3 })];
  api.respond = (request) => {
    if (request.method === 'GET' && request.path === '/products/mine') {
      return { body: { status: 'success', data: { products } } };
    }
    if (request.method === 'PATCH' && request.path === '/products/p1') {
      return { body: { status: 'success', data: { product: aProduct({ status: 'sold' }) } } };
    }
    if (request.method === 'DELETE' && request.path === '/products/p2') return { status: 204 };
    if (request.method === 'POST' && request.path === '/products') {
      return {
        status: 201,
        body: {
          status: 'success',
          data: { product: aProduct({ _id: 'p3', title: 'Mountain bike', price: 12000 }) },
        },
      };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});

const renderList = () =>
  renderPage(<ProductsListPage />, { path: '/app/products-list', route: '/app/products-list' });
const rows = () => within(screen.getByRole('list', { name: 'My products' })).getAllByRole('listitem');

describe('ProductsListPage (app.products)', () => {
  it('lists my products with price, status and views; titles link to the product page', async () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'My products' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Casio fx-991ES calculator' })).toHaveAttribute(
      'href',
      '/products/p1',
    );
    expect(rows()[0]).toHaveTextContent('Kes 1,800.00');
    expect(rows()[0]).toHaveTextContent('Available');
    expect(rows()[1]).toHaveTextContent('Sold');
    expect(rows()[0]).toHaveTextContent('12 views');
    expect(api.requests[0]?.authorization).toBe('Bearer test.jwt.token');
  });

  it('invites the first listing when I have none', async () => {
    products = [];
    renderList();
    expect(await screen.findByText('You have not listed any products yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List your first product' })).toBeInTheDocument();
  });

  it('marks a product sold with PATCH {status: "sold"}', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Mark as sold: Casio fx-991ES calculator' }));
    expect(await screen.findByText('Marked as sold')).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/products/p1')[0]?.body).toEqual({ status: 'sold' });
    await waitFor(() => expect(within(rows()[0]!).getByText('Sold')).toBeInTheDocument());
    expect(
      screen.getByRole('button', { name: 'Mark as available: Casio fx-991ES calculator' }),
    ).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Delete Desk lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('DELETE', '/products/p2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Desk lamp' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/products/p2')).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('lists a new product from the dialog (multipart with cover and photos); required fields block it', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Add a product' }));
    const dialog = await screen.findByRole('dialog', { name: 'List a product' });
    await user.click(within(dialog).getByRole('button', { name: 'List product' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Cover image is required')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/products')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(/^Title/));
    await user.paste('Mountain bike');
    await user.click(within(dialog).getByLabelText(/^Description/));
    await user.paste('21 gears, new tyres, ridden one semester.');
    await user.click(within(dialog).getByLabelText(/^Price/));
    await user.paste('12000');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'Bicycles and Scooters');
    await user.upload(within(dialog).getByLabelText(/^Cover image/), pictureFile('bike.jpg'));
    await user.upload(within(dialog).getByLabelText(/^Additional photos/), [pictureFile('side.jpg')]);
    expect(within(dialog).getByRole('list', { name: 'Additional photos preview' })).toHaveTextContent(
      'side.jpg',
    );
    await user.click(within(dialog).getByRole('button', { name: 'List product' }));

    expect(await screen.findByText('Product listed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toHaveTextContent('Mountain bike');
    const parts = api.requestsTo('POST', '/products')[0]?.parts ?? [];
    expect(parts.map((part) => [part.name, part.value ?? part.filename])).toEqual([
      ['title', 'Mountain bike'],
      ['description', '21 gears, new tyres, ridden one semester.'],
      ['price', '12000'],
      ['category', 'Bicycles and Scooters'],
      ['coverImage', 'bike.jpg'],
      ['photos', 'side.jpg'],
    ]);
  });

  it('shows an error line with Try again when the list cannot load', async () => {
    api.respond = () => ({ status: 500, body: { status: 'error', message: 'Something went wrong' } });
    renderList();
    expect(await screen.findByText(/Could not load your listings/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
