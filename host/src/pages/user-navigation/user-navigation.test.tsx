/**
 * User navigation ('/user-navigation', docs/product.md §17) and About: a site map for guests and for
 * signed-in users; the About page's structure.
 */

import { clearSession, setSession } from '@campus/shared';
import { renderPage } from '@campus/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AboutPage } from '../AboutPage';
import { UserNavigationPage } from '../UserNavigationPage';

beforeEach(() => clearSession());

const linkTargets = (list: HTMLElement) =>
  Object.fromEntries(
    within(list)
      .getAllByRole('link')
      .map((link) => [
        link.querySelector('span > span')?.textContent ?? link.textContent,
        link.getAttribute('href'),
      ]),
  );

describe('UserNavigationPage', () => {
  it('lists every public part of the site and the guest account links', () => {
    renderPage(<UserNavigationPage />, '/user-navigation');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const map = screen.getByRole('navigation', { name: 'Site map' });
    expect(linkTargets(within(map).getByRole('list', { name: 'Browse' }))).toEqual({
      Home: '/',
      Products: '/products',
      Services: '/services',
    });
    expect(linkTargets(within(map).getByRole('list', { name: 'Your account' }))).toEqual({
      'Log in': '/auth?mode=login',
      'Create an account': '/auth?mode=register',
      'Forgot your password?': '/forgot-password',
    });
    expect(linkTargets(within(map).getByRole('list', { name: 'Help and information' }))).toEqual({
      About: '/about',
      'Contact Us': '/contact',
      'Privacy Policy': '/privacy-policy',
      'Terms and Conditions': '/terms-and-conditions',
      'Coming Soon': '/coming-soon',
    });
    expect(within(map).getByRole('link', { name: /Sell now/ })).toHaveAttribute('href', '/app/products-list');
    expect(within(map).getAllByRole('list', { name: /categories/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows the dashboard pages, profile and Logout to a signed-in user', async () => {
    setSession({ token: 't', user: { firstName: 'Wanjiru', lastName: 'Kamau', role: 'user' } });
    const { router } = renderPage(<UserNavigationPage />, '/user-navigation');
    expect(screen.getByText(/Hi Wanjiru/)).toBeInTheDocument();
    expect(linkTargets(screen.getByRole('list', { name: 'Your account' }))).toEqual({
      Dashboard: '/app',
      'My products': '/app/products-list',
      'My services': '/app/services-list',
      'My events': '/app/events-list',
      'Create a service': '/create-service',
      'Profile and settings': '/app/settings',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sets the title', () => {
    renderPage(<UserNavigationPage />, '/user-navigation');
    expect(document.title).toBe('Site map | Campus Soko');
  });
});

describe('AboutPage', () => {
  it('explains browse, contact on WhatsApp and sell, with headings in order', () => {
    renderPage(<AboutPage />, '/about');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const name of ['1. Browse', '2. Contact on WhatsApp', '3. Sell']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(document.title).toBe('About | Campus Soko');
  });
});
