import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import DashboardApp from '../../DashboardApp';
import type { DashboardInsights } from '../api/get-insights';

const api = setupFakeApi();

/** 30 Nairobi days ending 2026-11-24, oldest first, with `views` / `chatClicks` on the last day. */
const days = (views: number, chatClicks: number) =>
  Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 9, 26 + index)).toISOString().slice(0, 10);
    return index === 29 ? { date, views, chatClicks } : { date, views: 0, chatClicks: 0 };
  });

let insights: DashboardInsights;
beforeEach(() => {
  signIn({ firstName: 'Achieng' });
  insights = {
    totals: { views: 1234, chatClicks: 17, saves: 5 },
    listings: [
      {
        _id: 'p1',
        kind: 'products',
        title: 'Casio fx-991ES calculator',
        views: 1200,
        chatClicks: 15,
        saves: 4,
        daily: days(20, 2),
      },
      {
        _id: 'sv1',
        kind: 'services',
        title: 'Calculus tutoring',
        views: 34,
        chatClicks: 2,
        saves: 1,
        daily: days(3, 1),
      },
    ],
  };
  api.respond = (request) =>
    request.path === '/dashboard/insights'
      ? { body: { status: 'success', data: insights } }
      : request.path === '/dashboard/summary'
        ? {
            body: {
              status: 'success',
              data: {
                summary: {
                  products: 3,
                  productsAvailable: 2,
                  productsSold: 1,
                  services: 1,
                  events: 2,
                  upcomingEvents: 1,
                  views: 1234,
                },
              },
            },
          }
        : { status: 404, body: { status: 'fail', message: 'Not found' } };
});

describe('/app overview', () => {
  it("shows my counts and views, a 'Sell now' link to app.products and the dashboard navigation", async () => {
    renderPage(<DashboardApp />, { path: '/app/*', route: '/app' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome back, Achieng/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('count-Products')).toHaveTextContent('3'));
    expect(screen.getByText('2 available, 1 sold')).toBeInTheDocument();
    expect(screen.getByTestId('count-Services')).toHaveTextContent('1');
    expect(screen.getByTestId('count-Events')).toHaveTextContent('2');
    expect(screen.getByTestId('count-Total views')).toHaveTextContent('1,234');
    expect(screen.getByRole('link', { name: 'Sell now' })).toHaveAttribute('href', '/app/products-list');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(nav.querySelectorAll('a')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/app/settings');
  });

  it('shows the seller insights: totals, each listing, and a chart named by its summary (§20.7)', async () => {
    renderPage(<DashboardApp />, { path: '/app/*', route: '/app' });
    const section = await screen.findByRole('region', { name: 'Insights' });
    await waitFor(() => expect(within(section).getByTestId('insight-views')).toHaveTextContent('1,234'));
    expect(within(section).getByTestId('insight-chatClicks')).toHaveTextContent('17');
    expect(within(section).getByTestId('insight-saves')).toHaveTextContent('5');

    const table = within(section).getByRole('table', { name: 'Each listing (all time)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1,200', '15', '4'],
      ['34', '2', '1'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Casio fx-991ES calculator');
    expect(within(table).getByRole('link', { name: 'Calculus tutoring' })).toHaveAttribute(
      'href',
      '/services/sv1',
    );

    // The chart is a figure whose caption sums the last 30 days over both listings.
    const chart = within(section).getByRole('figure', {
      name: /^Views and chat clicks, last 30 days\s*23 views and 3 chat clicks in all;/,
    });
    // Its code arrives in its own chunk; then the two lines' legend shows.
    // (x-charts renders twice — NoSsr — so wait for the settled legend.)
    await waitFor(() => expect(within(chart).getByText('Chat clicks')).toBeInTheDocument());
    await waitFor(() => expect(within(chart).getByText('Views')).toBeInTheDocument());
  });

  it('says where the numbers will show when I have no listings yet, without a chart', async () => {
    insights = { totals: { views: 0, chatClicks: 0, saves: 0 }, listings: [] };
    renderPage(<DashboardApp />, { path: '/app/*', route: '/app' });
    const section = await screen.findByRole('region', { name: 'Insights' });
    expect(await within(section).findByText(/When you list a product or a service/)).toBeInTheDocument();
    expect(within(section).getByTestId('insight-views')).toHaveTextContent('0');
    expect(within(section).queryByRole('figure')).not.toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });
});
