/**
 * The host's route table with its guards, navbar and remote outage handling. The module
 * federation runtime is replaced by a stand-in whose `loadRemote` returns small page components
 * or fails like an unreachable remote; real federated loading is covered by the e2e suite.
 */

import { clearSession, setSession } from '@campus/shared';
import { loadRemoteAnswer, MemoryRouter } from '@campus/testing';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { SiteRoutes } from './SiteRoutes';

const down = new Set<string>();
const registered: { name: string; entry: string }[][] = [];

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[]) => registered.push(remotes),
  loadRemote: async (id: string, options?: { loadFactory?: boolean }) => {
    const remote = id.split('/')[0] as string;
    if (down.has(remote)) throw new Error(`[ Federation Runtime ]: remote ${remote} unreachable`);
    const module = { default: () => <h1>{`remote page ${id}`}</h1> };
    return loadRemoteAnswer(module, options);
  },
}));

// The coming-soon page's chunk cannot be downloaded (offline): its lazy import rejects.
jest.mock('./pages/ComingSoonPage', () => {
  throw new Error('Loading chunk src_pages_ComingSoonPage_tsx failed');
});

let location: Location | undefined;
let navigateTo: NavigateFunction | undefined;
function Probe() {
  location = useLocation();
  navigateTo = useNavigate();
  return null;
}

/** Renders the site's routes at `path` in a memory router; `state.location` is the current location. */
function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SiteRoutes />
      <Probe />
    </MemoryRouter>,
  );
  return {
    get state() {
      return { location: location as Location };
    },
    navigate: async (to: string) => {
      await navigateTo?.(to);
    },
  };
}

beforeEach(() => {
  down.clear();
  clearSession();
});

describe('route table and guards (§2)', () => {
  it('loads a remote page for its route', async () => {
    renderAt('/products');
    expect(await screen.findByText('remote page catalog/ProductsPage')).toBeInTheDocument();
  });

  it.each([
    ['/sellers/u1', 'catalog/SellerPage'],
    ['/events', 'catalog/EventsPage'],
    ['/events/e1', 'catalog/EventDetailPage'],
  ])('loads the §20 catalog page at %s', async (path, id) => {
    renderAt(path);
    expect(await screen.findByText(`remote page ${id}`)).toBeInTheDocument();
  });

  it('sends a guest from /app to login with the requested path as redirect', async () => {
    const router = renderAt('/app/settings?tab=shop');
    await screen.findByText('remote page auth/AuthPage');
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?mode=login&redirect=%2Fapp%2Fsettings%3Ftab%3Dshop');
  });

  it('sends a guest from /create-service to login', async () => {
    const router = renderAt('/create-service');
    await screen.findByText('remote page auth/AuthPage');
    expect(router.state.location.search).toBe('?mode=login&redirect=%2Fcreate-service');
  });

  it('sends a signed-in user from /auth to /products', async () => {
    setSession({ token: 't', user: { firstName: 'Wanjiru', lastName: 'K', role: 'user' } });
    const router = renderAt('/auth?mode=login');
    await screen.findByText('remote page catalog/ProductsPage');
    expect(router.state.location.pathname).toBe('/products');
  });

  it('sends a signed-in user at /auth to a same-site redirect, never to another site', async () => {
    setSession({ token: 't', user: { firstName: 'Wanjiru', lastName: 'K', role: 'user' } });
    const router = renderAt('/auth?mode=login&redirect=%2Fapp%2Fsettings');
    await screen.findByText('remote page dashboard/DashboardApp');
    expect(router.state.location.pathname).toBe('/app/settings');
    await act(() => router.navigate('/auth?mode=login&redirect=%2F%2Fevil.example'));
    await screen.findByText('remote page catalog/ProductsPage');
    expect(router.state.location.pathname).toBe('/products');
  });

  it('lets a signed-in user into the dashboard', async () => {
    setSession({ token: 't', user: { firstName: 'Wanjiru', lastName: 'K', role: 'user' } });
    renderAt('/app/products-list');
    expect(await screen.findByText('remote page dashboard/DashboardApp')).toBeInTheDocument();
  });

  it('renders the not-found page for unknown paths and the 403 page at /forbidden', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('renders the 403 page at /forbidden', async () => {
    renderAt('/forbidden');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });
});

describe('remote outage', () => {
  it("shows a message and 'Try again' while the navbar and footer keep working, then recovers", async () => {
    down.add('catalog');
    jest.spyOn(console, 'error').mockImplementation(() => {});
    // A page not loaded by an earlier test (loaded modules stay cached for the session).
    const router = renderAt('/shop/s1');
    expect(await screen.findByText('This part of Campus Soko could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    // Another remote still works.
    await act(() => router.navigate('/auth?mode=register'));
    expect(await screen.findByText('remote page auth/AuthPage')).toBeInTheDocument();

    // The catalog comes back: 'Try again' loads it without a reload.
    await act(() => router.navigate('/shop/s1'));
    await screen.findByText('This part of Campus Soko could not be loaded');
    down.delete('catalog');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('remote page catalog/ShopPage')).toBeInTheDocument();
  });

  it('shows the message in place of a host page whose code cannot be downloaded; another path works', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderAt('/coming-soon');
    expect(await screen.findByText('This part of Campus Soko could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    await act(() => router.navigate('/products'));
    expect(await screen.findByText('remote page catalog/ProductsPage')).toBeInTheDocument();
    expect(screen.queryByText('This part of Campus Soko could not be loaded')).not.toBeInTheDocument();
  });
});

describe('navbar (§2 "Navigation bar and footer")', () => {
  it('shows Home, Services, Products, Sell now, Register and Login to guests', async () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Services', '/services'],
      ['Products', '/products'],
      ['Sell now', '/app/products-list'],
      ['Register', '/auth?mode=register'],
      ['Login', '/auth?mode=login'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('shows Dashboard, Profile and Logout to a signed-in user; Logout clears the session and goes home', async () => {
    setSession({ token: 't', user: { firstName: 'Wanjiru', lastName: 'Kamau', role: 'user' } });
    const router = renderAt('/products');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/app/products-list',
    );
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/app/settings');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  });

  it('uses a menu button and drawer below 768 px, with /app as Dashboard', async () => {
    setViewportWidth(375);
    setSession({ token: 't', user: { firstName: 'Wanjiru', lastName: 'Kamau', role: 'user' } });
    renderAt('/');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Services' }),
    ).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    // The drawer's code is downloaded on the first press (docs/product.md §23).
    const drawer = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(within(drawer).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/app/settings');
    expect(within(drawer).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    expect(within(drawer).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
  });

  it('shows the footer links and the current year', () => {
    renderAt('/about');
    const footer = screen.getByRole('contentinfo');
    for (const name of ['Services', 'Products', 'Privacy Policy', 'Terms & Conditions']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(footer).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    expect(footer).toHaveTextContent(String(new Date().getFullYear()));
  });
});
