import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor } from '@testing-library/react';
import DashboardApp from '../../DashboardApp';

const api = setupFakeApi();
beforeEach(() => {
  signIn({ firstName: 'Achieng' });
  api.respond = (request) =>
    request.path === '/dashboard/summary'
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
    expect(nav.querySelectorAll('a')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/app/settings');
  });
});
