import { PreloadedDataProvider } from '@campus/shared';
import { currentLocation, renderPage, setupFakeApi } from '@campus/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_UNIVERSITIES } from '../../common/testing/fixtures';
import { resetUniversitiesCache, universitiesKey } from '../hooks/useUniversities';
import AuthPage from './AuthPage';

const api = setupFakeApi();
api.respond = () => ({ body: { status: 'success', data: { universities: TEST_UNIVERSITIES } } });

const renderAuth = (route: string) => renderPage(<AuthPage />, { path: '/auth', route });
/** Lets the signup form's list fetch and first validation finish inside act(). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('AuthPage (§2 "Authentication page")', () => {
  it("signup starts from the universities in the page's route data and asks the API nothing", async () => {
    resetUniversitiesCache();
    api.requests.length = 0;
    renderPage(
      <PreloadedDataProvider data={{ [universitiesKey()]: TEST_UNIVERSITIES }}>
        <AuthPage />
      </PreloadedDataProvider>,
      { path: '/auth', route: '/auth?mode=register' },
    );
    await settle();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /university/i }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(TEST_UNIVERSITIES.length);
    expect(api.requests).toEqual([]);
    resetUniversitiesCache();
  });

  it('shows login unless mode=register: heading, toggle prompt and link', () => {
    for (const route of ['/auth', '/auth?mode=login', '/auth?mode=whatever']) {
      const { unmount } = renderAuth(route);
      expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInTheDocument();
      expect(screen.getByText("Don't have an account?")).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
      expect(document.title).toBe('Log in | Campus Soko');
      unmount();
    }
  });

  it('shows signup when mode=register', async () => {
    renderAuth('/auth?mode=register');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Join Us Today' })).toBeInTheDocument();
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(document.title).toBe('Sign up | Campus Soko');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('the toggle changes only the query string (and keeps redirect)', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?redirect=%2Fapp%2Fsettings');
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    await settle();
    expect(currentLocation()).toBe('/auth?redirect=%2Fapp%2Fsettings&mode=register');
    expect(screen.getByRole('heading', { level: 1, name: 'Join Us Today' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(currentLocation()).toBe('/auth?redirect=%2Fapp%2Fsettings&mode=login');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInTheDocument();
  });

  it('links to the Terms of Service and the Privacy Policy', () => {
    renderAuth('/auth');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('shows the decorative side panel (name, tagline, badges) on large screens only', async () => {
    setViewportWidth(1300);
    const { unmount } = renderAuth('/auth');
    const panel = screen.getByRole('complementary', { name: 'About Campus Soko' });
    expect(panel).toHaveTextContent('Campus Soko');
    expect(panel).toHaveTextContent('Empowering students, connecting campuses');
    expect(panel).toHaveTextContent('100+ universities');
    expect(panel).toHaveTextContent('50k+ students');
    unmount();
    setViewportWidth(800);
    renderAuth('/auth?mode=register');
    await settle();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
