import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductsListPage from '../../products/pages/ProductsListPage';
import { BUYER_NAMED, NO_CONTACTS } from './NameBuyerDialog';

const api = setupFakeApi();

const product = {
  _id: 'p1',
  title: 'Casio fx-991ES calculator',
  description: 'Barely used.',
  price: 1800,
  category: 'Electronics',
  coverImage: null,
  coverThumbnail: null,
  photos: [],
  views: 2,
  saves: 0,
  status: 'available',
  condition: null,
  negotiable: false,
};

let contacts: { _id: string; firstName: string; lastName: string; lastContactAt: string }[];
beforeEach(() => {
  signIn();
  contacts = [
    { _id: 'u7', firstName: 'Brian', lastName: 'Mwangi', lastContactAt: '2026-11-20T08:00:00.000Z' },
  ];
  api.respond = (request) => {
    if (request.method === 'GET' && request.path === '/products/mine') {
      return { body: { status: 'success', data: { products: [product] } } };
    }
    if (request.method === 'PATCH' && request.path === '/products/p1') {
      return { body: { status: 'success', data: { product: { ...product, status: 'sold' } } } };
    }
    if (request.method === 'GET' && request.path === '/deals/contacts') {
      return { body: { status: 'success', data: { contacts } } };
    }
    if (request.method === 'POST' && request.path === '/deals') {
      return { status: 201, body: { status: 'success', data: { deal: { _id: 'd1' } } } };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});

const markSold = async (user: ReturnType<typeof userEvent.setup>) => {
  renderPage(<ProductsListPage />, { path: '/app/products-list', route: '/app/products-list' });
  const status = await screen.findByRole('combobox', { name: 'Status of Casio fx-991ES calculator' });
  await user.selectOptions(status, 'Sold');
  return screen.findByRole('dialog', { name: 'Who bought “Casio fx-991ES calculator”?' });
};

describe('naming the buyer when marking a product sold (docs/product.md §28)', () => {
  it('lists who opened the chat; picking one creates the deal for them to confirm', async () => {
    const user = userEvent.setup();
    const dialog = await markSold(user);
    const pick = await within(dialog).findByRole('button', { name: 'Brian bought it' });
    expect(api.requestsTo('GET', '/deals/contacts')[0]?.query.get('listingId')).toBe('p1');
    await user.click(pick);
    expect(await screen.findByText(BUYER_NAMED)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/deals')[0]?.body).toEqual({
      listingKind: 'product',
      listingId: 'p1',
      buyerId: 'u7',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when nobody opened the chat, and Skip closes it', async () => {
    contacts = [];
    const user = userEvent.setup();
    const dialog = await markSold(user);
    expect(await within(dialog).findByText(NO_CONTACTS)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST', '/deals')).toHaveLength(0);
  });
});
