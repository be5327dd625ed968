import { renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor } from '@testing-library/react';
import { aService, productListBody, serviceListBody, someProducts } from '../../common/testing/fixtures';
import LatestListings from './LatestListings';

const api = setupFakeApi();
afterEach(() => jest.restoreAllMocks());

describe('LatestListings (exposed catalog/LatestListings)', () => {
  it('shows the newest products as cards, 8 by default, with h3 titles and no heading of its own', async () => {
    api.respond = () => ({ body: productListBody(someProducts(8)) });
    renderPage(<LatestListings kind="products" />, { path: '/', route: '/' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(8));
    expect(Object.fromEntries(api.requestsTo('GET', '/products')[0]?.query ?? [])).toEqual({
      page: '1',
      limit: '8',
    });
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(8);
  });

  it('shows services with the given limit', async () => {
    api.respond = () => ({ body: serviceListBody([aService()]) });
    renderPage(<LatestListings kind="services" limit={4} />, { path: '/', route: '/' });
    expect(await screen.findByRole('link', { name: 'Graduation photoshoot on campus' })).toHaveAttribute(
      'href',
      '/services/s1',
    );
    expect(api.requestsTo('GET', '/services')[0]?.query.get('limit')).toBe('4');
  });

  it('says so quietly when there is nothing yet', async () => {
    api.respond = () => ({ body: productListBody([], 0) });
    renderPage(<LatestListings kind="products" />, { path: '/', route: '/' });
    expect(await screen.findByText('No products listed yet.')).toBeInTheDocument();
  });

  it('only logs a failure and renders nothing', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    api.respond = () => ({ status: 500, body: { status: 'error', message: 'down' } });
    renderPage(<LatestListings kind="services" />, { path: '/', route: '/' });
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Failed to fetch the latest services', expect.anything()),
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText(/listed yet/)).not.toBeInTheDocument();
  });
});
