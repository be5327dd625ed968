import { clearSession, setApiNavigator, setSession } from '@campus/shared';
import { currentLocation, type RecordedRequest, renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import user from '@testing-library/user-event';
import DashboardApp from '../../DashboardApp';

// Dialog forms on a shared, busy machine: allow more than the default 5 s per test.
const userEvent = user.setup({ delay: null });

const api = setupFakeApi();

const heldProduct = {
  targetType: 'product',
  targetId: 'p1',
  title: 'Fake AirPods',
  link: '/products/p1',
  owner: { _id: 'owner-1', name: 'Otieno Ouma', email: 'otieno@example.com', suspended: false },
  moderation: 'held',
  moderationReason: null,
  count: 3,
  reasons: ['scam', 'prohibited'],
  lastReportedAt: '2026-11-20T10:00:00.000Z',
  reports: [
    {
      _id: 'r1',
      reason: 'scam',
      details: 'Asked for M-Pesa before meeting',
      resolution: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      reporter: { _id: 'u2', name: 'Amina Wanjiru', email: 'amina@example.com' },
    },
    {
      _id: 'r2',
      reason: 'prohibited',
      details: null,
      resolution: null,
      createdAt: '2026-11-20T09:00:00.000Z',
      reporter: { _id: 'u3', name: 'Brian Kip', email: 'brian@example.com' },
    },
  ],
};
const auditEntry = {
  _id: 'a1',
  action: 'hold',
  targetType: 'product',
  targetId: 'p1aaaaaa-0000',
  reason: '3 users reported it',
  createdAt: '2026-11-20T10:00:00.000Z',
  actor: null,
};

function signInAs(role: 'admin' | 'user') {
  setSession({
    token: 'test.jwt.token',
    user: { _id: 'admin-1', firstName: 'Mod', lastName: 'Erator', role },
  });
}

const ring = {
  _id: 'ring-1',
  sharedTargets: 6,
  firstSeenAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-20T10:05:00.000Z',
  members: [
    { _id: 'u7', name: 'Rival One', email: 'one@example.com', joinedAt: '2026-11-19T08:00:00.000Z' },
    { _id: 'u8', name: 'Rival Two', email: 'two@example.com', joinedAt: '2026-11-19T08:01:00.000Z' },
  ],
};

let actions: RecordedRequest[];
let rings: (typeof ring)[];
let flags: unknown[];
beforeEach(() => {
  actions = [];
  rings = [];
  flags = [];
  setApiNavigator(jest.fn());
  api.respond = (request) => {
    if (request.method === 'POST') {
      actions.push(request);
      return { body: { status: 'success', data: { mailSent: true, released: false } } };
    }
    if (request.path === '/admin/reports') {
      const closed = request.query.get('status') === 'closed';
      return {
        body: {
          status: 'success',
          data: {
            groups: closed ? [] : [heldProduct],
            totalPages: 1,
            totalGroups: closed ? 0 : 1,
            currentPage: 1,
          },
        },
      };
    }
    if (request.path === '/admin/safety-signals') {
      return { body: { status: 'success', data: { flags } } };
    }
    if (request.path === '/admin/report-rings') {
      return { body: { status: 'success', data: { rings: rings } } };
    }
    if (request.path === '/admin/audit') {
      return {
        body: {
          status: 'success',
          data: { entries: [auditEntry], totalPages: 1, totalEntries: 1, currentPage: 1 },
        },
      };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});
afterEach(() => clearSession());

const renderDesk = (route = '/app/moderation') => renderPage(<DashboardApp />, { path: '/app/*', route });

describe('Moderation desk (§19)', () => {
  it('shows open reports grouped by target with count, reasons, details, reporters, dates, a link and the audit log', async () => {
    signInAs('admin');
    renderDesk();
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { level: 3, name: 'Fake AirPods' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Fake AirPods' })).toHaveAttribute('href', '/products/p1');
    expect(within(card).getByText('Held after reports')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Possible report rings/ })).not.toBeInTheDocument();
    expect(within(card).getByText('3 reports: Scam or fraud, Prohibited item')).toBeInTheDocument();
    expect(within(card).getByText('“Asked for M-Pesa before meeting”')).toBeInTheDocument();
    expect(within(card).getByText(/Amina Wanjiru \(amina@example.com\) · 20 Nov 2026/)).toBeInTheDocument();
    expect(within(card).getByText('Owner: Otieno Ouma (otieno@example.com)')).toBeInTheDocument();
    const log = screen.getByRole('region', { name: 'Audit log entries' });
    expect(within(log).getByText('Held after reports')).toBeInTheDocument();
    expect(within(log).getByText('Automatic')).toBeInTheDocument();
    expect(within(log).getByText('3 users reported it')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Moderation' })).toHaveAttribute('aria-current', 'page');
  });

  it('dismisses one report, hides with a required reason, restores and suspends the owner', async () => {
    signInAs('admin');
    renderDesk();
    const card = (await screen.findByRole('heading', { level: 3, name: 'Fake AirPods' })).closest(
      'li',
    ) as HTMLElement;

    await userEvent.click(
      within(card).getByRole('button', { name: 'Dismiss the report by Amina Wanjiru on Fake AirPods' }),
    );
    await waitFor(() => expect(actions.map((a) => a.path)).toEqual(['/admin/reports/r1/dismiss']));
    const enabled = (name: string) =>
      waitFor(() => expect(within(card).getByRole('button', { name })).toBeEnabled());
    await enabled('Hide listing');

    await userEvent.click(within(card).getByRole('button', { name: 'Hide listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide “Fake AirPods”' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    expect(actions).toHaveLength(1);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason \(shown to the owner\)/ }),
      'Counterfeit goods',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() => expect(actions).toHaveLength(2));
    expect(actions[1]?.path).toBe('/admin/products/p1/hide');
    expect(actions[1]?.body).toEqual({ reason: 'Counterfeit goods' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Listing hidden. The owner was told why.')).toBeInTheDocument();
    await enabled('Restore listing');

    await userEvent.click(within(card).getByRole('button', { name: 'Restore listing' }));
    await waitFor(() => expect(actions[2]?.path).toBe('/admin/products/p1/restore'));
    await enabled('Suspend owner');

    await userEvent.click(within(card).getByRole('button', { name: 'Suspend owner' }));
    const suspend = await screen.findByRole('dialog', { name: 'Suspend Otieno Ouma' });
    await userEvent.type(within(suspend).getByRole('textbox', { name: /Reason/ }), 'Repeated scams');
    await userEvent.click(within(suspend).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(actions[3]?.path).toBe('/admin/users/owner-1/suspend'));
    expect(actions[3]?.body).toEqual({ reason: 'Repeated scams' });
  });

  it('shows the server message when an action fails', async () => {
    signInAs('admin');
    renderDesk();
    const card = (await screen.findByRole('heading', { level: 3, name: 'Fake AirPods' })).closest(
      'li',
    ) as HTMLElement;
    const respond = api.respond;
    api.respond = (request) =>
      request.method === 'POST'
        ? { status: 404, body: { status: 'fail', message: 'Report not found or already closed' } }
        : respond(request);
    await userEvent.click(within(card).getByRole('button', { name: /Dismiss the report by Brian Kip/ }));
    expect(await screen.findByText('Report not found or already closed')).toBeInTheDocument();
  });

  it('lists closed reports on the second tab (in the URL)', async () => {
    signInAs('admin');
    renderDesk();
    await screen.findByRole('heading', { level: 3, name: 'Fake AirPods' });
    await userEvent.click(screen.getByRole('link', { name: 'Closed reports' }));
    expect(await screen.findByText('No closed reports yet.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/app/moderation?status=closed');
    expect(api.requestsTo('GET', '/admin/reports').at(-1)?.query.get('status')).toBe('closed');
  });

  it('shows the Moderation tab to admins only', async () => {
    signInAs('user');
    const { unmount } = renderDesk('/app/settings');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument();
    unmount();
    signInAs('admin');
    renderDesk('/app/settings');
    const adminNav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(adminNav).getByRole('link', { name: 'Moderation' })).toHaveAttribute(
      'href',
      '/app/moderation',
    );
  });

  it('a non-admin opening /app/moderation lands on /forbidden without calling the admin API', async () => {
    signInAs('user');
    renderDesk();
    await waitFor(() => expect(currentLocation()).toBe('/forbidden'));
    expect(api.requestsTo('GET', '/admin/reports')).toHaveLength(0);
  });

  it('lists flagged report rings with their members; "Not a ring" dismisses the flag', async () => {
    rings = [ring];
    signInAs('admin');
    renderDesk();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Possible report rings (1)' });
    const section = heading.closest('section') as HTMLElement;
    expect(within(section).getByText('2 accounts, 6 listings reported in common')).toBeInTheDocument();
    expect(
      within(section).getByText(/Rival One \(one@example.com\) · joined 19 Nov 2026/),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Not a ring: Rival One, Rival Two' }));
    await waitFor(() => expect(actions.map((a) => a.path)).toEqual(['/admin/report-rings/ring-1/dismiss']));
    expect(await screen.findByText('Flag dismissed. Their reports count again.')).toBeInTheDocument();
  });

  it('lists listings flagged by scam signals with their evidence: the matching photo, the median and comparables (docs/product.md §29)', async () => {
    flags = [
      {
        listingType: 'products',
        listingId: 'p9',
        title: 'iPhone 13 cheap',
        link: '/products/p9',
        moderation: 'visible',
        owner: { _id: 'u9', name: 'Tom Thief', email: 'tom@example.com' },
        signals: [
          {
            kind: 'reused_photo',
            message: 'A photo of this listing is the same as a photo on another seller’s listing.',
            evidence: {
              matches: [
                {
                  photo: '/uploads/products/copy-1200.webp',
                  matchedPhoto: '/uploads/products/original-1200.webp',
                  matchedListingType: 'products',
                  matchedListingId: 'p1',
                  matchedTitle: 'iPhone 13 128GB',
                  distance: 4,
                },
              ],
            },
            createdAt: '2026-11-28T10:00:00.000Z',
          },
          {
            kind: 'price_outlier',
            message: 'The price is less than 40% of the usual price.',
            evidence: {
              price: 10000,
              median: 60000,
              scope: 'campus',
              comparables: [
                { id: 'p2', title: 'iPhone 13', price: 60000, university: 'Kenyatta University' },
              ],
            },
            createdAt: '2026-11-28T10:00:00.000Z',
          },
        ],
      },
    ];
    signInAs('admin');
    renderDesk();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Scam signals (1)' });
    const section = heading.closest('section') as HTMLElement;
    expect(within(section).getByRole('link', { name: 'iPhone 13 cheap' })).toHaveAttribute(
      'href',
      '/products/p9',
    );
    expect(within(section).getByText(/Tom Thief \(tom@example.com\) · public/)).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'Match: iPhone 13 128GB' })).toHaveAttribute(
      'src',
      '/uploads/products/original-1200.webp',
    );
    expect(
      within(section).getByText(/median Kes 60,000.00 of 1 comparable listings \(same campus\)/),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'iPhone 13' })).toHaveAttribute('href', '/products/p2');
  });
});
