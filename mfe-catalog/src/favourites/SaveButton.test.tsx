import { clearSession } from '@campus/shared';
import { currentLocation, renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProduct } from '../common/testing/fixtures';
import ProductDetailPage from '../products/pages/ProductDetailPage';
import { SaveButton } from './SaveButton';
import { resetSavedIds } from './saved-ids';

const api = setupFakeApi();
let ids: { products: string[]; services: string[] };
beforeEach(() => {
  resetSavedIds();
  ids = { products: ['p1'], services: [] };
  api.respond = (request) => {
    if (request.path === '/favourites/ids') return { body: { status: 'success', data: ids } };
    if (request.path.startsWith('/favourites/')) return { status: 204 };
    if (request.path === '/products/p1')
      return { body: { status: 'success', data: { product: aProduct() } } };
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});
afterEach(() => clearSession());

function renderHearts() {
  return renderPage(
    <>
      <SaveButton kind="products" id="p1" title="Kettle" />
      <SaveButton kind="products" id="p2" title="Lamp" />
      <SaveButton kind="services" id="s1" title="Haircut" />
    </>,
    '/products',
  );
}

describe('SaveButton, the heart (§20.1)', () => {
  it('sends a guest to login with redirect back to the item and a save marker (a real link)', () => {
    renderHearts();
    expect(screen.getByRole('link', { name: 'Save Kettle' })).toHaveAttribute(
      'href',
      `/auth?mode=login&redirect=${encodeURIComponent('/products/p1?save=products:p1')}`,
    );
    expect(screen.getByRole('link', { name: 'Save Haircut' })).toHaveAttribute(
      'href',
      `/auth?mode=login&redirect=${encodeURIComponent('/services/s1?save=services:s1')}`,
    );
    expect(api.requests).toHaveLength(0);
  });

  it('loads the saved ids once for every heart and fills the saved ones', async () => {
    signIn();
    renderHearts();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Kettle' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Save Lamp' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.requestsTo('GET', '/favourites/ids')).toHaveLength(1);
    expect(api.requestsTo('GET', '/favourites/ids')[0]?.authorization).toBe('Bearer test.jwt.token');
  });

  it('saves and unsaves at once (optimistic), with PUT and DELETE', async () => {
    const user = userEvent.setup();
    signIn();
    renderHearts();
    const lamp = screen.getByRole('button', { name: 'Save Lamp' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Kettle' })).toHaveAttribute('aria-pressed', 'true'),
    );
    // The heart's shape follows the state: an outline, then filled (decorative, the button has the name).
    expect(lamp.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'FavoriteBorder');
    await user.click(lamp);
    expect(lamp).toHaveAttribute('aria-pressed', 'true');
    expect(lamp.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'Favorite');
    expect(lamp.querySelector('[data-icon]')).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(api.requestsTo('PUT', '/favourites/products/p2')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Save Kettle' }));
    expect(screen.getByRole('button', { name: 'Save Kettle' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(api.requestsTo('DELETE', '/favourites/products/p1')).toHaveLength(1));
  });

  it('turns back and says why when the API refuses', async () => {
    const user = userEvent.setup();
    api.respond = (request) =>
      request.path === '/favourites/ids'
        ? { body: { status: 'success', data: { products: [], services: [] } } }
        : { status: 404, body: { status: 'fail', message: 'Product not found' } };
    signIn();
    renderHearts();
    await waitFor(() => expect(api.requestsTo('GET', '/favourites/ids')).toHaveLength(1));
    const lamp = screen.getByRole('button', { name: 'Save Lamp' });
    await user.click(lamp);
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(lamp).toHaveAttribute('aria-pressed', 'false');
    expect(currentLocation()).toBe('/products');
  });

  it('saves the item after login: the item page acts on ?save= once and drops it from the URL', async () => {
    ids = { products: [], services: [] };
    signIn();
    renderPage(<ProductDetailPage />, {
      path: '/products/:productId',
      route: '/products/p1?save=products:p1',
    });
    await waitFor(() => expect(api.requestsTo('PUT', '/favourites/products/p1')).toHaveLength(1));
    await waitFor(() => expect(currentLocation()).toBe('/products/p1'));
    expect(await screen.findByText('Saved. Find it under Saved in your dashboard.')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Save Casio fx-991ES Plus scientific calculator' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the marker for a guest and saves nothing', async () => {
    renderPage(<ProductDetailPage />, {
      path: '/products/:productId',
      route: '/products/p1?save=products:p1',
    });
    await screen.findByRole('heading', { level: 1 });
    expect(currentLocation()).toBe('/products/p1?save=products:p1');
    expect(
      screen.getByRole('link', { name: 'Save Casio fx-991ES Plus scientific calculator' }),
    ).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/favourites/products/p1')).toHaveLength(0);
  });
});
