import { clearSession } from '@campus/shared';
import { MAX_SAVED_SEARCH_NAME } from '@campus/shared/contract';
import { currentLocation, renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { productListBody, someProducts } from '../../common/testing/fixtures';
import ProductsPage from '../../products/pages/ProductsPage';
import { SAVED_SEARCH_NAME_MAX } from '../api/save-search';

const api = setupFakeApi();
const user = userEvent.setup({ delay: null });

function answer(save: { status: number; body: unknown }) {
  api.respond = (request) => {
    if (request.method === 'POST' && request.path === '/saved-searches') return save;
    return { body: productListBody(someProducts(2), 2) };
  };
}

beforeEach(() => clearSession());

describe('Save this search (§30)', () => {
  it('saves the list search with its name and alert choice, then links to the saved searches', async () => {
    signIn();
    answer({ status: 201, body: { status: 'success', data: { savedSearch: { _id: 's1' } } } });
    renderPage(<ProductsPage />, {
      path: '/products',
      route: '/products?search=fridge&maxPrice=15000&page=2',
    });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('fridge');
    await user.click(within(dialog).getByRole('radio', { name: 'Once a day, at 6 pm' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Search saved.');
    expect(within(dialog).getByRole('link', { name: 'See your saved searches' })).toHaveAttribute(
      'href',
      '/app/saved-searches',
    );
    const [saved] = api.requestsTo('POST', '/saved-searches');
    expect(saved?.body).toEqual({
      name: 'fridge',
      kind: 'products',
      filters: { search: 'fridge', maxPrice: 15000 },
      alert: 'daily',
    });
  });

  it("shows the server's message when the save is refused, and a blank name is asked for", async () => {
    signIn();
    const limit = 'You can keep at most 20 saved searches. Delete one to save another.';
    answer({ status: 409, body: { status: 'fail', message: limit } });
    renderPage(<ProductsPage />, { path: '/products', route: '/products' });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('All products');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText('Please give this search a name.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/saved-searches')).toHaveLength(0);
    await user.type(name, 'Anything');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText(limit)).toBeInTheDocument();
  });

  it('sends a guest to login with this list as the redirect', async () => {
    answer({ status: 500, body: {} });
    renderPage(<ProductsPage />, { path: '/products', route: '/products?search=lamp' });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    await waitFor(() => expect(currentLocation()).toMatch(/^\/auth\?/));
    expect(decodeURIComponent(currentLocation())).toContain('/products?search=lamp');
  });

  it('limits the name like the API (the contract)', () => {
    expect(SAVED_SEARCH_NAME_MAX).toBe(MAX_SAVED_SEARCH_NAME);
  });
});
