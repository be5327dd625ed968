import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DashboardApp from '../../DashboardApp';
import type { SavedSearch } from '../api/saved-searches-api';

const api = setupFakeApi();

const fridge: SavedSearch = {
  _id: 'ss1',
  name: 'Cheap fridge',
  kind: 'products',
  filters: { search: 'fridge', maxPrice: 15000 },
  alert: 'instant',
  newMatches: 2,
  listUrl: '/products?search=fridge&maxPrice=15000',
  lastSeenAt: '2026-11-27T08:00:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
};
const tutors: SavedSearch = {
  ...fridge,
  _id: 'ss2',
  name: 'Tutors',
  kind: 'services',
  filters: { category: 'Tutoring and Academic Support' },
  alert: 'daily',
  newMatches: 0,
  listUrl: '/services?category=Tutoring+and+Academic+Support',
};

let searches: SavedSearch[];
beforeEach(() => {
  signIn();
  searches = [fridge, tutors];
  api.respond = (request) => {
    if (request.method === 'GET' && request.path === '/saved-searches') {
      return { body: { status: 'success', data: { savedSearches: searches } } };
    }
    if (request.method === 'PATCH' && request.path === '/saved-searches/ss1') {
      const body = request.body as Partial<SavedSearch> & { seen?: boolean };
      const next = { ...fridge, ...body, ...(body.seen ? { newMatches: 0 } : {}) };
      return { body: { status: 'success', data: { savedSearch: next } } };
    }
    if (request.method === 'DELETE' && request.path === '/saved-searches/ss2') return { status: 204 };
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});

const renderPageAt = () => renderPage(<DashboardApp />, { path: '/app/*', route: '/app/saved-searches' });
const rows = () => within(screen.getByRole('list', { name: 'Saved searches' })).getAllByRole('listitem');

describe('/app/saved-searches (docs/product.md §30)', () => {
  it('lists my saved searches with their new-match counts, each opening its list URL', async () => {
    renderPageAt();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved searches' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 15_000 });
    expect(within(rows()[0]!).getByRole('link', { name: 'Cheap fridge' })).toHaveAttribute(
      'href',
      '/products?search=fridge&maxPrice=15000',
    );
    expect(rows()[0]).toHaveTextContent('2 new');
    expect(rows()[1]).toHaveTextContent('0 new');
    expect(rows()[1]).toHaveTextContent('Services');
    expect(screen.getByRole('link', { name: 'Saved searches' })).toHaveAttribute('aria-current', 'page');
  });

  it('renames, changes the alert and deletes', async () => {
    const user = userEvent.setup();
    renderPageAt();
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Rename Cheap fridge' }));
    const name = within(rows()[0]!).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Fridge under 15k');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(
      () => expect(within(rows()[0]!).getByRole('link', { name: 'Fridge under 15k' })).toBeInTheDocument(),
      { timeout: 10_000 },
    );
    expect(api.requestsTo('PATCH', '/saved-searches/ss1')[0]?.body).toEqual({ name: 'Fridge under 15k' });

    await user.selectOptions(screen.getByLabelText('Alerts for Fridge under 15k'), 'Off');
    await waitFor(() => expect(api.requestsTo('PATCH', '/saved-searches/ss1')).toHaveLength(2), {
      timeout: 10_000,
    });
    expect(api.requestsTo('PATCH', '/saved-searches/ss1')[1]?.body).toEqual({ alert: 'off' });

    await user.click(screen.getByRole('button', { name: 'Delete Tutors' }));
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 10_000 });
    expect(api.requestsTo('DELETE', '/saved-searches/ss2')).toHaveLength(1);
  });
});
