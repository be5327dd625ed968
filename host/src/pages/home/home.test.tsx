/**
 * Home page (docs/product.md §17): hero, search, badges, live stats from a real local HTTP server (and a
 * failed stats fetch that is only logged), the newest listings from the catalog remote (its
 * loader replaced by a stand-in), categories and calls to action.
 */

import { clearSession, setSession } from '@campus/shared';
import { type FakeAnswer, loadRemoteAnswer, renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HomePage } from '../HomePage';

const remoteDown = { value: false };
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: () => {},
  loadRemote: async (id: string, options?: { loadFactory?: boolean }) => {
    if (remoteDown.value) throw new Error(`[ Federation Runtime ]: ${id} unreachable`);
    const module = {
      default: ({ kind, limit }: { kind: string; limit: number }) => (
        <p>{`${id}: ${limit} newest ${kind}`}</p>
      ),
    };
    return loadRemoteAnswer(module, options);
  },
}));

const COUNTS: Record<string, FakeAnswer> = {
  '/api/v1/users/usersCount': { status: 200, body: { status: 'success', results: 52341 } },
  '/api/v1/products/get-products-count': { status: 200, body: { status: 'success', results: 1875 } },
  '/api/v1/services/get-services-count': { status: 200, body: { status: 'success', results: 312 } },
};
const answerCounts =
  (overrides: Record<string, FakeAnswer> = {}) =>
  (request: { url: string }) =>
    overrides[request.url] ??
    COUNTS[request.url] ?? { status: 404, body: { status: 'fail', message: 'Route not found' } };

const api = setupFakeApi(answerCounts());
beforeEach(() => {
  api.respond = answerCounts();
  remoteDown.value = false;
  clearSession();
});

const stats = () => within(screen.getByRole('region', { name: 'Campus Soko today' }));

// First in the file: a loaded (or failed) remote module stays cached for the whole file, and
// 'Try again' is what makes a fresh attempt.
describe('HomePage with the catalog remote down', () => {
  it('keeps working: only the listing sections show the outage message, and Try again recovers', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    remoteDown.value = true;
    renderPage(<HomePage />);
    const products = screen.getByRole('region', { name: 'Newest products' });
    const services = screen.getByRole('region', { name: 'Newest services' });
    expect(await within(products).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await within(services).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Browse by category' })).toBeInTheDocument();
    expect(await stats().findByText('52,341')).toBeInTheDocument();

    remoteDown.value = false;
    await userEvent.click(within(products).getByRole('button', { name: 'Try again' }));
    expect(
      await within(products).findByText('catalog/LatestListings: 8 newest products'),
    ).toBeInTheDocument();
    await userEvent.click(within(services).getByRole('button', { name: 'Try again' }));
    expect(
      await within(services).findByText('catalog/LatestListings: 8 newest services'),
    ).toBeInTheDocument();
  });
});

describe('HomePage', () => {
  it('shows the hero, the badges and the live stats', async () => {
    renderPage(<HomePage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Campus Soko' })).toBeInTheDocument();
    expect(screen.getByText('Empowering students, connecting campuses.')).toBeInTheDocument();
    expect(screen.getByText('100+ universities')).toBeInTheDocument();
    expect(screen.getByText('50k+ students')).toBeInTheDocument();

    expect(await stats().findByText('52,341')).toBeInTheDocument();
    expect(stats().getByText('1,875')).toBeInTheDocument();
    expect(stats().getByText('312')).toBeInTheDocument();
    expect(stats().getByText('Students signed up')).toBeInTheDocument();
    expect(api.requests.map((request) => request.url).sort()).toEqual(Object.keys(COUNTS).sort());
    expect(document.title).toBe('Buy, sell and swap on campus | Campus Soko');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /Kenyan universities/,
    );
  });

  it('survives a failed stats fetch: logged only, the other counts and the page still show', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    api.respond = answerCounts({
      '/api/v1/products/get-products-count': { status: 500, body: { status: 'error', message: 'boom' } },
      '/api/v1/services/get-services-count': {
        status: 404,
        body: { status: 'fail', message: 'Route not found' },
      },
    });
    const { router } = renderPage(<HomePage />);
    expect(await stats().findByText('52,341')).toBeInTheDocument();
    expect(stats().queryByText('Products for sale')).not.toBeInTheDocument();
    expect(stats().queryByText('Services offered')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Could not load the products count', expect.anything());
    expect(log).toHaveBeenCalledWith('Could not load the services count', expect.anything());
    // A 404 from a count never navigates away (the API client's redirect is off for stats).
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Campus Soko' })).toBeInTheDocument();
  });

  it('still renders when every count fails or answers nonsense', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    api.respond = () => ({ status: 200, body: { status: 'success', results: 'many' } });
    renderPage(<HomePage />);
    await waitFor(() => expect(log).toHaveBeenCalledTimes(3));
    expect(screen.getByRole('region', { name: 'Campus Soko today' })).toBeInTheDocument();
    expect(screen.getByText('100+ universities')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Newest products' })).toBeInTheDocument();
  });

  it('the search form opens the products list with the search text', async () => {
    const { router } = renderPage(<HomePage />);
    const search = screen.getByRole('search', { name: 'Products' });
    await userEvent.type(
      within(search).getByRole('searchbox', { name: 'Search products' }),
      ' scientific calculator {Enter}',
    );
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toBe('?search=scientific+calculator');
  });

  it('an empty search opens the whole products list', async () => {
    const { router } = renderPage(<HomePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toBe('');
  });

  it('shows the newest products and services from the catalog remote under h2 headings with See all links', async () => {
    renderPage(<HomePage />);
    expect(await screen.findByText('catalog/LatestListings: 8 newest products')).toBeInTheDocument();
    expect(await screen.findByText('catalog/LatestListings: 8 newest services')).toBeInTheDocument();
    const products = screen.getByRole('region', { name: 'Newest products' });
    expect(within(products).getByRole('link', { name: 'See all products' })).toHaveAttribute(
      'href',
      '/products',
    );
    const services = screen.getByRole('region', { name: 'Newest services' });
    expect(within(services).getByRole('link', { name: 'See all services' })).toHaveAttribute(
      'href',
      '/services',
    );
  });

  it('links every category to its filtered list', () => {
    renderPage(<HomePage />);
    const productCategories = screen.getByRole('list', { name: 'Product categories' });
    expect(within(productCategories).getAllByRole('link')).toHaveLength(11);
    expect(
      within(productCategories).getByRole('link', { name: 'Textbooks and Study Materials' }),
    ).toHaveAttribute('href', '/products?category=Textbooks+and+Study+Materials');
    expect(within(productCategories).getByRole('link', { name: 'Other items' })).toHaveAttribute(
      'href',
      '/products?category=other',
    );
    const serviceCategories = screen.getByRole('list', { name: 'Service categories' });
    expect(within(serviceCategories).getAllByRole('link')).toHaveLength(11);
    expect(within(serviceCategories).getByRole('link', { name: 'Photography' })).toHaveAttribute(
      'href',
      '/services?category=Photography',
    );
  });

  it("has the calls to action 'Sell now' and signup for guests", () => {
    renderPage(<HomePage />);
    const sell = screen.getByRole('region', { name: 'Got something to sell?' });
    expect(within(sell).getByRole('link', { name: 'Sell now' })).toHaveAttribute(
      'href',
      '/app/products-list',
    );
    expect(within(sell).getByRole('link', { name: 'Sign up for free' })).toHaveAttribute(
      'href',
      '/auth?mode=register',
    );
  });

  it('offers a service instead of signup to a signed-in user', () => {
    setSession({ token: 't', user: { firstName: 'Wanjiru', lastName: 'Kamau', role: 'user' } });
    renderPage(<HomePage />);
    const sell = screen.getByRole('region', { name: 'Got something to sell?' });
    expect(within(sell).queryByRole('link', { name: 'Sign up for free' })).not.toBeInTheDocument();
    expect(within(sell).getByRole('link', { name: 'Offer a service' })).toHaveAttribute(
      'href',
      '/create-service',
    );
  });

  it('has its headings in order', () => {
    renderPage(<HomePage />);
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.slice(1).forEach((level, index) => {
      expect(level - (levels[index] as number)).toBeLessThanOrEqual(1);
    });
  });
});
