/**
 * Scroll at hydration (ADR 0032): the first run keeps where the student scrolled; navigations
 * scroll as react-router does.
 */
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { NavigationScrollRestoration } from './NavigationScrollRestoration';

function Frame() {
  return (
    <>
      <Link to="/b">next</Link>
      <Outlet />
      <NavigationScrollRestoration />
    </>
  );
}

let scrollY = 0;
const scrollTo = jest.fn((...args: unknown[]) => {
  const options = args[0];
  scrollY =
    typeof options === 'object' && options ? Number((options as { top: number }).top) : Number(args[1]);
});

beforeEach(() => {
  scrollY = 1500;
  scrollTo.mockClear();
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  Object.defineProperty(window, 'scrollX', { configurable: true, get: () => 0 });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

it('keeps the scroll position on its first run, and scrolls to the top on a navigation', async () => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Frame />,
        children: [
          { path: 'a', element: <p>A</p> },
          { path: 'b', element: <p>B</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  expect(scrollY).toBe(1500);

  await act(() => router.navigate('/b'));
  expect(scrollY).toBe(0);
});
