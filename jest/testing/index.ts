/**
 * The front end's test kit (`@campus/testing`, docs/product.md §18.3): one fake API through the real
 * API client (fake-api.ts), one `renderPage` (render-page.tsx), the server page a test hydrates over
 * (server-page.ts) and what the federation runtime's
 * `loadRemote` answers (federation-runtime.ts). Tests only: jest and the
 * tsconfigs map the name here (tsconfig.web.json); no bundle imports it.
 */
export * from './fake-api';
export * from './federation-runtime';
export * from './render-page';
export * from './server-page';
