/**
 * Scroll restoration (ADR 0032, ADR 0048): the first run keeps where the student scrolled;
 * navigations scroll to the top, Back to the saved position, a hash to its element, and a
 * navigation with KEEP_SCROLL state nowhere.
 */
import { MemoryRouter } from '@campus/testing';
import { act, render } from '@testing-library/react';
import { type NavigateFunction, useNavigate } from 'react-router';
import {
  KEEP_SCROLL,
  NavigationScrollRestoration,
  SCROLL_POSITIONS_KEY,
  scrollToWhenTallEnough,
} from './NavigationScrollRestoration';

let scrollY = 0;
const scrollTo = jest.fn((...args: unknown[]) => {
  const options = args[0];
  scrollY =
    typeof options === 'object' && options ? Number((options as { top: number }).top) : Number(args[1]);
});

/** The student scrolls to `y` (CSS px): the page moves and fires its scroll event. */
function scrollBy(y: number) {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

let navigate: NavigateFunction = () => undefined;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <p id="reviews">Reviews</p>
      <NavigationScrollRestoration />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  scrollY = 1500;
  scrollTo.mockClear();
  sessionStorage.clear();
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  Object.defineProperty(window, 'scrollX', { configurable: true, get: () => 0 });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

it('keeps the scroll position on its first run, and scrolls to the top on a navigation', async () => {
  renderAt('/a');
  expect(scrollY).toBe(1500);
  expect(scrollTo).not.toHaveBeenCalled();
  expect(window.history.scrollRestoration).toBe('manual');

  await act(() => navigate('/b'));
  expect(scrollY).toBe(0);
});

it('goes Back to the position the student left the page at', async () => {
  renderAt('/products');
  scrollBy(2400);
  await act(() => navigate('/products/p1'));
  expect(scrollY).toBe(0);
  scrollBy(300);

  await act(() => navigate(-1));
  expect(scrollY).toBe(2400);
  await act(() => navigate(1));
  expect(scrollY).toBe(300);
});

it('leaves the position alone for a navigation with KEEP_SCROLL state', async () => {
  renderAt('/contact');
  scrollBy(800);
  await act(() => navigate('/contact?form=message', { replace: true, state: KEEP_SCROLL }));
  expect(scrollY).toBe(800);
  expect(scrollTo).not.toHaveBeenCalled();
});

it("scrolls a hash's element into view, and to the top when there is none", async () => {
  const scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  renderAt('/a');
  await act(() => navigate('/a#reviews'));
  expect(scrollIntoView).toHaveBeenCalledTimes(1);
  expect(scrollY).toBe(1500);

  await act(() => navigate('/b#missing'));
  expect(scrollY).toBe(0);
});

it('keeps the saved positions in sessionStorage when the page goes away', async () => {
  const before = window.history.scrollRestoration;
  const view = renderAt('/products');
  scrollBy(2400);
  await act(() => navigate('/products/p1'));
  window.dispatchEvent(new Event('pagehide'));
  const saved = new Map(
    JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '[]') as [string, number][],
  );
  expect([...saved.values()]).toContain(2400);

  view.unmount();
  expect(window.history.scrollRestoration).toBe(before);
});

describe('a restored position on a page that is still loading', () => {
  let maxScroll = 0;
  let grow: () => void = () => {};
  const disconnect = jest.fn();

  beforeEach(() => {
    maxScroll = 500;
    disconnect.mockClear();
    scrollTo.mockImplementation((...args: unknown[]) => {
      scrollY = Math.min(maxScroll, Number((args[0] as { top: number }).top));
    });
    // jsdom has no layout: the page's height is `maxScroll`, and `grow` is its ResizeObserver firing.
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      constructor(callback: () => void) {
        grow = callback;
      }
      observe() {}
      disconnect = disconnect;
    };
  });
  afterEach(() => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  });

  it('scrolls again as the page grows, until the position is reached', () => {
    scrollToWhenTallEnough(2400);
    expect(scrollY).toBe(500);
    maxScroll = 1200;
    grow();
    expect(scrollY).toBe(1200);
    maxScroll = 4000;
    grow();
    expect(scrollY).toBe(2400);
    expect(disconnect).toHaveBeenCalled();
  });

  it('stops waiting when the student touches the page', () => {
    scrollToWhenTallEnough(2400);
    window.dispatchEvent(new Event('touchstart'));
    expect(disconnect).toHaveBeenCalled();
  });
});
