import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TUTORING } from '../../common/testing/fixtures';
import DashboardApp from '../../DashboardApp';
import { type Favourite, favouriteListingIds } from '../api/favourites-api';

const api = setupFakeApi();

const seller = {
  _id: 's1',
  firstName: 'Otieno',
  whatsApp: '254712345678',
  university: 'Maseno University',
  verifiedStudent: false,
};
const calculator: Favourite = {
  kind: 'products',
  savedAt: '2026-11-24T08:00:00.000Z',
  available: true,
  item: {
    _id: 'p1',
    title: 'Casio fx-991ES calculator',
    description: 'Barely used.',
    price: 1800,
    category: 'Electronics',
    coverImage: '/uploads/products/a-1200.webp',
    coverThumbnail: '/uploads/products/a-400.webp',
    views: 4,
    status: 'reserved',
    condition: 'like_new',
    negotiable: false,
    createdAt: '2026-11-20T08:00:00.000Z',
    shop: null,
    seller,
    courseCodes: [],
  },
};
const tutoring: Favourite = {
  kind: 'services',
  savedAt: '2026-11-23T08:00:00.000Z',
  available: true,
  item: {
    ...TUTORING,
    views: 1,
    createdAt: '2026-11-19T08:00:00.000Z',
    provider: seller,
  },
};
const soldLamp: Favourite = {
  kind: 'products',
  savedAt: '2026-11-22T08:00:00.000Z',
  available: false,
  item: {
    _id: 'p2',
    title: 'Desk lamp',
    description: 'LED.',
    price: 450,
    category: 'Electronics',
    status: 'sold',
    condition: null,
    negotiable: true,
    coverImage: null,
    coverThumbnail: null,
    views: 9,
    createdAt: '2026-11-18T08:00:00.000Z',
    shop: null,
    seller,
    courseCodes: [],
  },
};

const removed: Favourite = {
  kind: 'products',
  savedAt: '2026-11-20T08:00:00.000Z',
  available: false,
  item: null,
};

let favourites: Favourite[];
let ids: { products: string[]; services: string[] };
beforeEach(() => {
  signIn();
  favourites = [calculator, tutoring, soldLamp];
  ids = { products: ['p1', 'p2'], services: ['sv1'] };
  api.respond = (request) => {
    if (request.method === 'GET' && request.path === '/favourites') {
      return { body: { status: 'success', data: { favourites } } };
    }
    if (request.method === 'GET' && request.path === '/favourites/ids') {
      return { body: { status: 'success', data: ids } };
    }
    if (request.method === 'DELETE' && request.path === '/favourites/products/p9') return { status: 204 };
    if (request.method === 'DELETE' && request.path === '/favourites/products/p1') return { status: 204 };
    if (request.method === 'DELETE' && request.path === '/favourites/products/p2') {
      return { status: 500, body: { status: 'error', message: 'Something went wrong' } };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});

const renderSaved = () => renderPage(<DashboardApp />, { path: '/app/*', route: '/app/saved' });
const cards = () => within(screen.getByRole('list', { name: 'Saved items' })).getAllByRole('listitem');

describe('/app/saved (§20.1)', () => {
  it('lists saved products and services newest first, with price and link; a sold one says so', async () => {
    renderSaved();
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved items' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(api.requestsTo('GET', '/favourites')[0]?.authorization).toBe('Bearer test.jwt.token');
    expect(within(cards()[0]!).getByRole('link', { name: 'Casio fx-991ES calculator' })).toHaveAttribute(
      'href',
      '/products/p1',
    );
    expect(cards()[0]).toHaveTextContent('Kes 1,800.00');
    expect(cards()[0]).not.toHaveTextContent('No longer available');
    expect(cards()[0]).toHaveTextContent('Reserved');
    expect(within(cards()[1]!).getByRole('link', { name: 'Calculus tutoring' })).toHaveAttribute(
      'href',
      '/services/sv1',
    );
    expect(cards()[1]).toHaveTextContent('Kes 500.00');
    expect(cards()[2]).toHaveTextContent('Desk lamp');
    expect(cards()[2]).toHaveTextContent('No longer available');
    // The dashboard navigation leads here, marked as the current page.
    expect(screen.getByRole('link', { name: 'Saved' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a removed listing as no longer available, and removes it by the id the saved ids give', async () => {
    const user = userEvent.setup();
    favourites = [calculator, removed];
    ids = { products: ['p1', 'p9'], services: [] };
    renderSaved();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[1]).toHaveTextContent('A listing that was removed');
    expect(cards()[1]).toHaveTextContent('No longer available');
    expect(within(cards()[1]!).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(cards()[1]!).getByRole('button', { name: /^Remove A listing that was removed/ }));
    expect(await screen.findByText('Removed from saved items')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/favourites/products/p9')).toHaveLength(1);
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('asks for the saved ids only when a listing was removed', async () => {
    renderSaved();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(api.requestsTo('GET', '/favourites/ids')).toHaveLength(0);
  });

  it('leaves a removed listing without an id when the two answers disagree (a save in between)', () => {
    expect(favouriteListingIds([calculator, removed], { products: ['p1', 'p9'], services: [] })).toEqual([
      'p1',
      'p9',
    ]);
    // Another product was saved between the two requests: the places shifted.
    expect(
      favouriteListingIds([calculator, removed], { products: ['p7', 'p1', 'p9'], services: [] }),
    ).toEqual(['p1', undefined]);
    expect(favouriteListingIds([removed, tutoring], { products: ['p9'], services: ['sv2'] })).toEqual([
      undefined,
      'sv1',
    ]);
  });

  it('unsaves an item with DELETE /favourites/:kind/:id and a toast; a failure keeps it', async () => {
    const user = userEvent.setup();
    renderSaved();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(
      screen.getByRole('button', { name: 'Remove Casio fx-991ES calculator from saved items' }),
    );
    expect(await screen.findByText('Removed from saved items')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/favourites/products/p1')).toHaveLength(1);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByText('Casio fx-991ES calculator')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Desk lamp from saved items' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/favourites/products/p2')).toHaveLength(1);
    expect(cards()).toHaveLength(2);
  });

  it('invites browsing when nothing is saved', async () => {
    favourites = [];
    renderSaved();
    expect(await screen.findByText('Nothing saved yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/services');
  });

  it('shows an error line with Try again when the list cannot load', async () => {
    api.respond = () => ({ status: 500, body: { status: 'error', message: 'Something went wrong' } });
    renderSaved();
    expect(await screen.findByText(/Could not load your saved items/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
