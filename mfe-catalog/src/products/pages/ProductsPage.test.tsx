import { clearSession } from '@campus/shared';
import { currentLocation, renderPage, setupFakeApi, signIn } from '@campus/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProduct, productListBody, someProducts } from '../../common/testing/fixtures';
import ProductsPage from './ProductsPage';

const api = setupFakeApi();
beforeEach(() => {
  api.respond = () => ({ body: productListBody(someProducts(3), 5) });
});
afterEach(() => jest.useRealTimers());

function renderProducts(route = '/products') {
  return renderPage(<ProductsPage />, { path: '/products', route });
}

/** The query of the last GET /products, as a plain object. */
function lastQuery() {
  const requests = api.requestsTo('GET', '/products');
  return Object.fromEntries(requests[requests.length - 1]?.query ?? []);
}

/** The list's load notice (ListLoadNotice), if shown. */
function loadNotice() {
  return screen.queryAllByRole('status').find((el) => el.classList.contains('MuiAlert-root')) ?? null;
}

async function cardsShown(count: number) {
  await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(count));
}

describe('ProductsPage (§2 "Products list")', () => {
  it('shows a spinner, then the cards and the pagination; sets the title and one h1', async () => {
    renderProducts();
    expect(screen.getByRole('progressbar', { name: 'Loading products' })).toBeInTheDocument();
    await cardsShown(3);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });
    expect(document.title).toBe('Products | Campus Soko');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/students/);
  });

  it('shows the result count, "about N" when the API estimated it (ADR 0037)', async () => {
    renderProducts();
    await cardsShown(3);
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^15 products$/);
  });

  it('says "about N products" for an estimated total, with the pagination of its whole pages', async () => {
    api.respond = () => ({
      body: {
        status: 'success',
        data: {
          products: someProducts(3),
          totalPages: 4754,
          totalProducts: 95_076,
          currentPage: 1,
          totalIsEstimate: true,
        },
      },
    });
    renderProducts();
    await cardsShown(3);
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^about 95,000 products$/);
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      expect.stringContaining('page=2'),
    );
  });

  it("says 'No products found.' when the list is empty", async () => {
    api.respond = () => ({ body: productListBody([], 0) });
    renderProducts();
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('offers "Did you mean" links when a search found nothing (docs/product.md §31)', async () => {
    api.respond = () => ({
      body: {
        ...productListBody([], 0),
        data: { ...productListBody([], 0).data, suggestions: ['laptop', 'lamp'] },
      },
    });
    renderProducts('/products?search=lapptop&course=sch2101');
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ search: 'lapptop', course: 'SCH2101' });
    expect(screen.getByText(/Did you mean:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'laptop' })).toHaveAttribute(
      'href',
      '/products?search=laptop&course=SCH2101',
    );
    expect(screen.getByRole('link', { name: 'lamp' })).toBeInTheDocument();
  });

  it('reads search, filters and page from the URL', async () => {
    renderProducts('/products?search=calc&category=Electronics&minPrice=100&maxPrice=5000&page=3');
    await cardsShown(3);
    expect(lastQuery()).toEqual({
      page: '3',
      limit: '20',
      search: 'calc',
      category: 'Electronics',
      minPrice: '100',
      maxPrice: '5000',
    });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('calc');
    expect(screen.getByLabelText('Category')).toHaveValue('Electronics');
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the search 300 ms after the last keystroke and resets the page to 1', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderProducts('/products?page=3');
    await cardsShown(3);
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'kettle');
    act(() => jest.advanceTimersByTime(299));
    expect(currentLocation()).toBe('/products?page=3');
    act(() => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/products?search=kettle');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', search: 'kettle' }));
    // One request for the final text, none for the prefixes typed in between.
    expect(api.requestsTo('GET', '/products').filter((r) => r.query.has('search'))).toHaveLength(1);
  });

  it('resets the page to 1 when a filter is applied, and keeps the filters in the URL', async () => {
    const user = userEvent.setup();
    renderProducts('/products?search=lamp&page=4');
    await cardsShown(3);
    await user.selectOptions(screen.getByLabelText('Category'), 'Dorm Room Essentials');
    await user.type(screen.getByLabelText('Min price (Kes)'), '200');
    await user.type(screen.getByLabelText('Max price (Kes)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(currentLocation()).toBe(
      '/products?search=lamp&category=Dorm+Room+Essentials&minPrice=200&maxPrice=1500',
    );
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: '1',
        limit: '20',
        search: 'lamp',
        category: 'Dorm Room Essentials',
        minPrice: '200',
        maxPrice: '1500',
      }),
    );
  });

  it("shows 'Clear Filters' only while a filter is set, and clears them", async () => {
    const user = userEvent.setup();
    renderProducts('/products?search=lamp');
    await cardsShown(3);
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Max price (Kes)'), '900');
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(currentLocation()).toBe('/products?search=lamp&maxPrice=900');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(currentLocation()).toBe('/products?search=lamp');
    expect(screen.getByLabelText('Max price (Kes)')).toHaveValue(null);
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
  });

  it('refuses a min price above the max price', async () => {
    const user = userEvent.setup();
    renderProducts();
    await cardsShown(3);
    await user.type(screen.getByLabelText('Min price (Kes)'), '500');
    await user.type(screen.getByLabelText('Max price (Kes)'), '100');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByText('Min price must not be more than max price')).toBeInTheDocument();
    expect(currentLocation()).toBe('/products');
  });

  it('moves between pages through the URL, and Back restores the previous page', async () => {
    const user = userEvent.setup();
    const { router } = renderProducts('/products?search=desk');
    await cardsShown(3);
    await user.click(screen.getByRole('link', { name: '2' }));
    expect(currentLocation()).toBe('/products?search=desk&page=2');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', search: 'desk' }));
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(currentLocation()).toBe('/products?search=desk&page=3');
    await act(() => router.navigate(-1));
    expect(currentLocation()).toBe('/products?search=desk&page=2');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('desk');
  });

  it('keeps the list when a fetch fails: logged, loading ends (§8)', async () => {
    const user = userEvent.setup();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderProducts();
    await cardsShown(3);
    api.respond = () => ({ status: 500, body: { status: 'error', message: 'Something went wrong' } });
    await user.click(screen.getByRole('link', { name: '2' }));
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Failed to fetch products', expect.anything()),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Item 1' })).toBeInTheDocument();
    // …and says so (docs/product.md §23.7).
    expect(loadNotice()).toHaveTextContent(
      'Page 2 of the products could not be loaded: the cards below are from before.',
    );
    consoleError.mockRestore();
  });

  describe('offline (§23.7)', () => {
    let onLine: jest.SpiedGetter<boolean>;
    let consoleError: jest.SpiedFunction<typeof console.error>;
    beforeEach(() => {
      consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
      onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    });
    afterEach(() => {
      onLine.mockRestore();
      consoleError.mockRestore();
    });

    /** Makes the browser report `online` and fires the window event the page listens to. */
    function setOnline(online: boolean) {
      onLine.mockReturnValue(online);
      act(() => {
        window.dispatchEvent(new Event(online ? 'online' : 'offline'));
      });
    }

    it('shows "You are offline", and page 2 says its cards are from before', async () => {
      const user = userEvent.setup();
      renderProducts();
      await cardsShown(3);
      expect(screen.queryByText('You are offline')).not.toBeInTheDocument();

      setOnline(false);
      expect(loadNotice()).toHaveTextContent('You are offline — Showing the products saved on this phone.');

      api.respond = () => ({ status: 503, body: { status: 'error', message: 'offline' } });
      await user.click(screen.getByRole('link', { name: '2' }));
      await waitFor(() =>
        expect(loadNotice()).toHaveTextContent(
          'You are offline — Page 2 of the products could not be loaded: the cards below are from before.',
        ),
      );
      expect(screen.getAllByRole('article')).toHaveLength(3);

      api.respond = () => ({ body: productListBody(someProducts(2, 'Second'), 5, 2) });
      setOnline(true);
      await user.click(screen.getByRole('link', { name: '3' }));
      await cardsShown(2);
      expect(loadNotice()).toBeNull();
    });

    it('a page that failed offline is not called "You are offline" once back online; Try again loads it', async () => {
      const user = userEvent.setup();
      renderProducts();
      await cardsShown(3);
      setOnline(false);
      api.respond = () => ({ closeConnection: true }); // no answer at all: a network failure
      await user.click(screen.getByRole('link', { name: '2' }));
      await waitFor(() =>
        expect(loadNotice()).toHaveTextContent(
          'You are offline — Page 2 of the products could not be loaded',
        ),
      );

      setOnline(true);
      expect(loadNotice()).toHaveTextContent(
        'Page 2 of the products could not be loaded: the cards below are from before. Check your connection and try again.',
      );
      expect(loadNotice()).not.toHaveTextContent('You are offline');
      api.respond = () => ({ body: productListBody(someProducts(2, 'Second'), 5, 2) });
      await user.click(within(loadNotice() as HTMLElement).getByRole('button', { name: 'Try again' }));
      await cardsShown(2);
      expect(loadNotice()).toBeNull();
    });
  });

  it('ignores a slow answer to an older request', async () => {
    const user = userEvent.setup();
    api.respond = (request) =>
      request.query.get('page') === '2'
        ? { body: productListBody([aProduct({ _id: 'old', title: 'Stale page two' })], 5, 2), delayMs: 400 }
        : { body: productListBody(someProducts(2, `Page ${request.query.get('page')} item`), 5) };
    renderProducts();
    await cardsShown(2);
    await user.click(screen.getByRole('link', { name: '2' }));
    await user.click(screen.getByRole('link', { name: '3' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Page 3 item 1' })).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('link', { name: 'Stale page two' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 3 item 1' })).toBeInTheDocument();
  });

  describe('below 768 px', () => {
    beforeEach(() => setViewportWidth(375));

    it("keeps the filters in a drawer opened by 'Filters' that closes on apply", async () => {
      const user = userEvent.setup();
      renderProducts('/products?page=2');
      await cardsShown(3);
      expect(screen.queryByRole('button', { name: 'Apply Filters' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      const drawer = await screen.findByRole('dialog', { name: 'Filters' });
      await user.selectOptions(within(drawer).getByLabelText('Category'), 'Electronics');
      await user.click(within(drawer).getByRole('button', { name: 'Apply Filters' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(currentLocation()).toBe('/products?category=Electronics');
      await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', category: 'Electronics' }));
    });
  });

  describe('below 768 px, before JavaScript (ADR 0032)', () => {
    beforeEach(() => setViewportWidth(375));

    it('renders Filters as a popover button and the drawer as a GET form of the list URL with the other parameters kept', async () => {
      renderProducts('/products?search=lamp&verifiedOnly=true&condition=good');
      await cardsShown(3);
      expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute(
        'popovertarget',
        'product-filters-drawer',
      );
      const drawer = document.getElementById('product-filters-drawer');
      expect(drawer).toHaveAttribute('popover', 'auto');
      expect(drawer).toHaveAttribute('role', 'dialog');
      const form = drawer?.querySelector('form');
      expect(form).toHaveAttribute('method', 'get');
      expect(Object.fromEntries(new FormData(form ?? undefined))).toEqual({
        search: 'lamp',
        verifiedOnly: 'true',
        category: '',
        condition: 'good',
        minPrice: '',
        maxPrice: '',
      });
    });
  });

  describe('sort, campus and condition (§20.2-4)', () => {
    afterEach(() => clearSession());

    it('sorts from the list header: ?sort= in the URL with the other filters, page back to 1', async () => {
      const user = userEvent.setup();
      renderProducts('/products?search=lamp&category=Electronics&page=2');
      await cardsShown(3);
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
      expect(currentLocation()).toBe('/products?search=lamp&category=Electronics&sort=price_asc');
      await waitFor(() =>
        expect(lastQuery()).toEqual({
          page: '1',
          limit: '20',
          search: 'lamp',
          category: 'Electronics',
          sort: 'price_asc',
        }),
      );
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Newest first');
      expect(currentLocation()).toBe('/products?search=lamp&category=Electronics');
    });

    it('offers "My campus" to a signed-in user and filters by their university', async () => {
      const user = userEvent.setup();
      signIn({ university: 'Kenyatta University' });
      renderProducts('/products?sort=price_desc');
      await cardsShown(3);
      await user.selectOptions(screen.getByLabelText('Campus'), 'My campus (KU)');
      expect(currentLocation()).toBe('/products?university=Kenyatta+University&sort=price_desc');
      await waitFor(() =>
        expect(lastQuery()).toEqual({
          page: '1',
          limit: '20',
          university: 'Kenyatta University',
          sort: 'price_desc',
        }),
      );
      // The campus shows as a removable chip in its short form.
      await user.click(screen.getByRole('button', { name: 'Remove KU' }));
      expect(currentLocation()).toBe('/products?sort=price_desc');
    });

    it('has no "My campus" for a guest, but every KE campus', async () => {
      renderProducts();
      await cardsShown(3);
      const campus = screen.getByLabelText('Campus');
      expect(within(campus).queryByRole('option', { name: /^My campus/ })).not.toBeInTheDocument();
      expect(within(campus).getByRole('option', { name: 'Maseno University' })).toBeInTheDocument();
    });

    it('filters by condition from the filter panel, combined with price', async () => {
      const user = userEvent.setup();
      renderProducts('/products?maxPrice=5000');
      await cardsShown(3);
      await user.selectOptions(screen.getByLabelText('Condition'), 'Like new');
      await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
      expect(currentLocation()).toBe('/products?maxPrice=5000&condition=like_new');
      await waitFor(() =>
        expect(lastQuery()).toEqual({ page: '1', limit: '20', maxPrice: '5000', condition: 'like_new' }),
      );
      expect(screen.getByRole('button', { name: 'Remove Like new' })).toBeInTheDocument();
    });

    it('keeps sort and campus as hidden fields of the search form (works without JavaScript)', async () => {
      renderProducts('/products?university=Maseno%20University&sort=most_viewed');
      await cardsShown(3);
      const search = screen.getByRole('search');
      expect(search.querySelector('input[type=hidden][name=university]')).toHaveValue('Maseno University');
      expect(search.querySelector('input[type=hidden][name=sort]')).toHaveValue('most_viewed');
    });
  });
});
