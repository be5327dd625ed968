import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, type NavigationType, useLocation, useNavigationType } from 'react-router';

/** sessionStorage key of the saved scroll positions (location key → scrollY, CSS px). */
export const SCROLL_POSITIONS_KEY = 'campus-scroll-positions';
/** How many locations' positions are kept (the oldest go first). */
const KEPT_POSITIONS = 50;
/** How long a restored position waits for the page to grow tall enough (its data arriving), ms. */
export const RESTORE_WAIT_MS = 5000;
/** What a student does to scroll or move on: any of these ends the wait for a restored position. */
const STUDENT_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Router state of a link or navigation that keeps the scroll position, e.g. switching between
 * the contact page's two forms: `<Link to="?form=message" state={KEEP_SCROLL}>`.
 */
export const KEEP_SCROLL = { preventScrollReset: true } as const;

/** What a navigation does to the scroll position. */
export type ScrollTarget = { top: number } | { elementId: string } | null;

/**
 * Where a navigation to `location` scrolls (ADR 0048, the rules of react-router's own
 * `ScrollRestoration`): Back/Forward (`POP`) to the position saved for that entry; a `#hash` to
 * its element; a navigation with {@link KEEP_SCROLL} state nowhere (null); anything else to the
 * top. `saved` is the entry's saved scrollY in CSS px, if any.
 */
export function scrollTarget(
  navigationType: NavigationType,
  location: Location,
  saved?: number,
): ScrollTarget {
  if (navigationType === 'POP' && saved !== undefined) return { top: saved };
  if (location.hash.length > 1) return { elementId: decodeURIComponent(location.hash.slice(1)) };
  const state = location.state as { preventScrollReset?: unknown } | null;
  if (state?.preventScrollReset === true) return null;
  return { top: 0 };
}

function loadPositions(): Map<string, number> {
  try {
    const text = sessionStorage.getItem(SCROLL_POSITIONS_KEY);
    if (text) return new Map(JSON.parse(text) as [string, number][]);
  } catch {
    // unreadable or private mode: start empty
  }
  return new Map();
}

/**
 * Scrolls to `top` (CSS px). When the page is still shorter than that (Back to a list whose
 * cards are still loading) it scrolls again each time the page grows, until the position is
 * reached, the student scrolls or taps, or {@link RESTORE_WAIT_MS} pass. Returns a function that
 * stops waiting.
 */
export function scrollToWhenTallEnough(top: number): () => void {
  const reached = () => Math.abs(window.scrollY - top) < 1;
  window.scrollTo({ left: 0, top, behavior: 'instant' });
  if (reached() || typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => {
    window.scrollTo({ left: 0, top, behavior: 'instant' });
    if (reached()) stop();
  });
  const timer = setTimeout(() => stop(), RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of STUDENT_INPUT) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of STUDENT_INPUT) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * Scroll restoration for navigations inside the site (ADR 0032, ADR 0048). The first run (the
 * hydration of a server-rendered page, or the first client render) leaves the scroll position
 * alone, so a student who scrolled while the JavaScript arrived stays where they are. After
 * that each navigation scrolls as {@link scrollTarget} says. Positions are remembered per history
 * entry from scroll events and kept in sessionStorage (`SCROLL_POSITIONS_KEY`) across reloads; a
 * position on Back waits for the page to grow tall enough ({@link scrollToWhenTallEnough});
 * the browser's own restoration is off (`history.scrollRestoration = 'manual'`) while mounted.
 */
export function NavigationScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const firstRun = useRef(true);
  const stopWaiting = useRef<() => void>(() => {});

  useEffect(() => {
    const saved = positions.current ?? loadPositions();
    positions.current = saved;
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      saved.delete(currentKey.current);
      saved.set(currentKey.current, window.scrollY);
      if (saved.size > KEPT_POSITIONS) saved.delete(saved.keys().next().value as string);
    };
    const persist = () => {
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify([...saved]));
      } catch {
        // storage full or unavailable: positions live until the page unloads
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      stopWaiting.current();
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      persist();
      window.history.scrollRestoration = before;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry (its key)
  useLayoutEffect(() => {
    currentKey.current = location.key;
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    stopWaiting.current();
    const target = scrollTarget(navigationType, location, positions.current?.get(location.key));
    if (!target) return;
    if ('top' in target) {
      stopWaiting.current = scrollToWhenTallEnough(target.top);
      return;
    }
    const element = document.getElementById(target.elementId);
    if (element) element.scrollIntoView();
    else window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
  }, [location.key]);

  return null;
}
