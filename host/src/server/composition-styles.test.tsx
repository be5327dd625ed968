/**
 * @jest-environment node
 */

import type { EmotionCache } from '@emotion/cache';
import { Button, Checkbox, FormControlLabel } from '@mui/material';
import { addCompositionLayers } from './composition-styles';
import { createServerEmotionCache } from './emotion-cache';
import { renderOnServer } from './render-on-server.testkit';

/** Renders a few MUI components on the server with its cache; returns the cache, HTML and chunks. */
function renderControls() {
  const cache = createServerEmotionCache();
  const { html, chunks } = renderOnServer(
    cache,
    <>
      <FormControlLabel control={<Checkbox />} label="Verified students only" />
      <Button variant="outlined">Filters</Button>
    </>,
  );
  return { cache, html, chunks };
}

describe('addCompositionLayers', () => {
  it('adds the classes the render wrote but no element carries, with their CSS, after the HTML ones', () => {
    const { cache, html, chunks } = renderControls();
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
