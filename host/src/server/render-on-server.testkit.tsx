/**
 * Test kit for the server renderer's styles (jest, node environment): renders a tree as
 * `render.tsx` does (the cache's emotion server created first, so styles are collected rather
 * than written inline; the site theme around the tree) and returns the HTML and emotion's
 * critical chunks.
 */
import { theme } from '@campus/shared';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer, { type EmotionCriticalToChunks } from '@emotion/server/create-instance';
import { ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

/** Renders `tree` with `cache` and the theme; returns the HTML and the critical style chunks. */
export function renderOnServer(
  cache: EmotionCache,
  tree: ReactNode,
): { html: string; chunks: EmotionCriticalToChunks } {
  const server = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>{tree}</ThemeProvider>
    </CacheProvider>,
  );
  return { html, chunks: server.extractCriticalToChunks(html) };
}
