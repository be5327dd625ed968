import { KE_UNIVERSITY_NAMES } from '@campus/shared';
import { currentLocation, renderPage, serverRenderedPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aService, serviceListBody } from '../../common/testing/fixtures';
import ServicesPage from './ServicesPage';

const api = setupFakeApi();
beforeEach(() => {
  api.respond = () => ({
    body: serviceListBody([aService(), aService({ _id: 's2', name: 'Braids', provider: null })], 3),
  });
});

/** The list header's fields as the server renders them (a search box, "Sort by" and "Campus"). */
const SERVER_LIST_FIELDS = `<input id="list-search"><select id="list-sort"><option>newest</option><option>price_asc</option></select><select id="list-campus"><option value=""></option><option>${KE_UNIVERSITY_NAMES[0]}</option></select><input type="checkbox" id="list-verified-only">`;

function renderServices(route = '/services') {
  return renderPage(<ServicesPage />, { path: '/services', route });
}

function lastQuery() {
  const requests = api.requestsTo('GET', '/services');
  return Object.fromEntries(requests[requests.length - 1]?.query ?? []);
}

async function cardsShown(count: number) {
  await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(count));
}

describe('ServicesPage (§2 "Services list")', () => {
  it('lists service cards linking to /services/{id}, with pagination and the page title', async () => {
    renderServices();
    expect(screen.getByRole('progressbar', { name: 'Loading services' })).toBeInTheDocument();
    await cardsShown(2);
    expect(screen.getByRole('link', { name: 'Braids' })).toHaveAttribute('href', '/services/s2');
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });
    expect(document.title).toBe('Services | Campus Soko');
  });

  it("says 'No services found.' when the list is empty", async () => {
    api.respond = () => ({ body: serviceListBody([], 0) });
    renderServices();
    expect(await screen.findByText('No services found.')).toBeInTheDocument();
  });

  it("applies min and max price with 'Apply Filters' and resets the page to 1", async () => {
    const user = userEvent.setup();
    renderServices('/services?search=math&page=3');
    await cardsShown(2);
    await user.type(screen.getByLabelText('Min price (Kes)'), '100');
    await user.type(screen.getByLabelText('Max price (Kes)'), '800');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(currentLocation()).toBe('/services?search=math&minPrice=100&maxPrice=800');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: '1',
        limit: '20',
        search: 'math',
        minPrice: '100',
        maxPrice: '800',
      }),
    );
  });

  it("filters by category with 'Apply Filters' in the side panel (as products do), resetting the page to 1", async () => {
    const user = userEvent.setup();
    renderServices('/services?page=2');
    await cardsShown(2);
    const panel = screen.getByRole('complementary');
    await user.selectOptions(within(panel).getByLabelText('Category'), 'Beauty Services');
    await user.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(currentLocation()).toBe('/services?category=Beauty+Services');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', category: 'Beauty Services' }));
  });

  it('sends the debounced search and resets the page to 1', async () => {
    const user = userEvent.setup();
    renderServices('/services?page=2');
    await cardsShown(2);
    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'braids');
    await waitFor(() => expect(currentLocation()).toBe('/services?search=braids'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', search: 'braids' }));
  });

  it('applies a search typed, a sort and campus picked and "Verified students only" ticked in the server page before hydration, all of them (ADR 0032)', async () => {
    const campus = KE_UNIVERSITY_NAMES[0] ?? '';
    const root = serverRenderedPage(SERVER_LIST_FIELDS, {
      'list-search': 'braids',
      'list-sort': 'price_asc',
      'list-campus': campus,
      'list-verified-only': true,
    });
    renderServices('/services?page=2');
    root.remove();
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(currentLocation().split('?')[1]))).toEqual({
        search: 'braids',
        verifiedOnly: 'true',
        sort: 'price_asc',
        university: campus,
      }),
    );
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: '1',
        limit: '20',
        search: 'braids',
        verifiedOnly: 'true',
        sort: 'price_asc',
        university: campus,
      }),
    );
    expect(screen.getByRole('checkbox', { name: 'Verified students only' })).toBeChecked();
  });

  it('changes nothing when the server page still shows the URL (nothing picked early)', async () => {
    const root = serverRenderedPage(SERVER_LIST_FIELDS, {
      'list-search': 'math',
      'list-sort': 'newest',
      'list-campus': '',
      'list-verified-only': false,
    });
    renderServices('/services?search=math&page=2');
    root.remove();
    await cardsShown(2);
    expect(currentLocation()).toBe('/services?search=math&page=2');
  });

  it('keeps the list when a fetch fails (§8)', async () => {
    const user = userEvent.setup();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderServices();
    await cardsShown(2);
    api.respond = () => ({ status: 400, body: { status: 'fail', message: 'Invalid query' } });
    await user.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Failed to fetch services', expect.anything()),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    consoleError.mockRestore();
  });

  describe('below 768 px', () => {
    beforeEach(() => setViewportWidth(375));

    it("opens the price filters in a 'Price Filters' modal; Cancel discards the edits", async () => {
      const user = userEvent.setup();
      renderServices('/services?page=2');
      await cardsShown(2);
      expect(screen.queryByRole('spinbutton', { name: 'Min price (Kes)' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      const dialog = await screen.findByRole('dialog', { name: 'Price Filters' });
      await user.type(within(dialog).getByLabelText('Min price (Kes)'), '300');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(currentLocation()).toBe('/services?page=2');
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      expect(within(await screen.findByRole('dialog')).getByLabelText('Min price (Kes)')).toHaveValue(null);
    });

    it('renders the Filters button and the modal natively: a popover with a GET form of the list URL (ADR 0032)', async () => {
      renderServices('/services?search=tutor&sort=price_asc&minPrice=50');
      await cardsShown(2);
      const button = screen.getByRole('button', { name: 'Filters' });
      expect(button).toHaveAttribute('popovertarget', 'service-filters-modal');
      const panel = document.getElementById('service-filters-modal');
      expect(panel).toHaveAttribute('popover', 'auto');
      const form = panel?.querySelector('form');
      expect(form).toHaveAttribute('method', 'get');
      expect(Object.fromEntries(new FormData(form ?? undefined))).toEqual({
        search: 'tutor',
        sort: 'price_asc',
        category: '',
        minPrice: '50',
        maxPrice: '',
      });
    });

    it('applies the prices with Apply, closes the modal and resets the page to 1', async () => {
      const user = userEvent.setup();
      renderServices('/services?page=2');
      await cardsShown(2);
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      const dialog = await screen.findByRole('dialog', { name: 'Price Filters' });
      await user.type(within(dialog).getByLabelText('Min price (Kes)'), '300');
      await user.type(within(dialog).getByLabelText('Max price (Kes)'), '1000');
      await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(currentLocation()).toBe('/services?minPrice=300&maxPrice=1000');
      await waitFor(() =>
        expect(lastQuery()).toEqual({ page: '1', limit: '20', minPrice: '300', maxPrice: '1000' }),
      );
    });
  });
});
