/**
 * @jest-environment node
 */

import { theme } from '@campus/shared';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { Button, Checkbox, FormControlLabel, ThemeProvider } from '@mui/material';
import { renderToString } from 'react-dom/server';
import { addCompositionLayers } from './composition-styles';

/** Renders a few MUI components on the server as the site does; returns the cache, HTML and chunks. */
function renderOnServer() {
  const cache = createCache({ key: 'css' });
  const server = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <FormControlLabel control={<Checkbox />} label="Verified students only" />
        <Button variant="outlined">Filters</Button>
      </ThemeProvider>
    </CacheProvider>,
  );
  return { cache, html, chunks: server.extractCriticalToChunks(html) };
}

describe('addCompositionLayers', () => {
  it('adds the classes the render wrote but no element carries, with their CSS, after the HTML ones', () => {
    const { cache, html, chunks } = renderOnServer();
    const regular = chunks.styles.find((chunk) => chunk.key === 'css');
    const critical = [...(regular?.ids ?? [])];
    expect(critical.length).toBeGreaterThan(0);

    addCompositionLayers(cache, chunks);

    const ids = chunks.styles.find((chunk) => chunk.key === 'css')?.ids ?? [];
    expect(ids.slice(0, critical.length)).toEqual(critical);
    const layers = ids.slice(critical.length);
    // Checkbox → SwitchBase → ButtonBase and Button → ButtonBase: outer layers exist.
    expect(layers.length).toBeGreaterThan(0);
    for (const id of layers) {
      expect(html).not.toContain(`css-${id}`);
      expect(chunks.styles.find((chunk) => chunk.key === 'css')?.css).toContain(cache.inserted[id] as string);
    }
    // Now every class the render registered is in the tags the browser reads.
    const registered = Object.keys(cache.registered).map((name) => name.slice('css-'.length));
    const sent = new Set(chunks.styles.flatMap((chunk) => chunk.ids));
    expect(registered.filter((id) => typeof cache.inserted[id] === 'string' && !sent.has(id))).toEqual([]);
  });

  it('leaves global styles alone and creates the regular chunk when there is none', () => {
    const cache: Pick<EmotionCache, 'key' | 'inserted' | 'registered'> = {
      key: 'css',
      inserted: { g1: '@keyframes spin{}', a1: '.css-a1{color:red;}', gone: true },
      registered: { 'css-a1': 'color:red;' },
    };
    const styles = addCompositionLayers(cache, {
      styles: [{ key: 'css-global', ids: ['g1'], css: '@keyframes spin{}' }],
    });
    expect(styles).toEqual([
      { key: 'css-global', ids: ['g1'], css: '@keyframes spin{}' },
      { key: 'css', ids: ['a1'], css: '.css-a1{color:red;}' },
    ]);
  });
});
