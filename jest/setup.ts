import '@testing-library/jest-dom';

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
