import { useLayoutEffect, useRef } from 'react';
import { ScrollRestoration } from 'react-router';

/** Runs `effect` once, in the commit's layout phase (siblings' layout effects run in tree order). */
function LayoutEffectOnce({ effect }: { effect: () => void }) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  });
  return null;
}

/**
 * react-router's `<ScrollRestoration/>` for navigations only (ADR 0032): on its first run (the
 * hydration of a server-rendered page, or the first client render) it would scroll to the top or
 * to a position saved before a reload, throwing back a student who scrolled while the JavaScript
 * arrived. The scroll position at that first commit is kept instead; later navigations scroll as
 * react-router does (top, saved position on Back, hash target, `preventScrollReset`).
 */
export function NavigationScrollRestoration() {
  const kept = useRef<{ left: number; top: number } | null>(null);
  return (
    <>
      <LayoutEffectOnce
        effect={() => {
          kept.current = { left: window.scrollX, top: window.scrollY };
        }}
      />
      <ScrollRestoration />
      <LayoutEffectOnce
        effect={() => {
          const position = kept.current;
          if (position && (window.scrollX !== position.left || window.scrollY !== position.top)) {
            window.scrollTo({ ...position, behavior: 'instant' });
          }
        }}
      />
    </>
  );
}
