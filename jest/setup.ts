import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait for what the page will show; on a busy 2-core machine a page's fetch,
// lazy chunk and render can take longer than Testing Library's default 1 s without anything being
// wrong (for the same reason as testTimeout in jest.config.js). A page that never shows it still
// fails, after 10 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; MUI's useMediaQuery needs it. Tests pick a width with setViewportWidth().
let viewportWidth = 1024;
/** Sets the width (px) that `(min-width: Npx)` / `(max-width: Npx)` media queries see. */
(globalThis as unknown as { setViewportWidth: (px: number) => void }).setViewportWidth = (px: number) => {
  viewportWidth = px;
};
if (typeof window !== 'undefined')
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => {
      const min = /min-width:\s*(\d+)/.exec(query);
      const max = /max-width:\s*([\d.]+)/.exec(query);
      const matches = (!min || viewportWidth >= Number(min[1])) && (!max || viewportWidth <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
    },
  });

beforeEach(() => {
  viewportWidth = 1024;
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
