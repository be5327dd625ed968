/**
 * @jest-environment node
 */

import createCache, { type EmotionCache } from '@emotion/cache';
import { Box, Button } from '@mui/material';
import { createServerEmotionCache } from './emotion-cache';
import { renderOnServer } from './render-on-server.testkit';

/** The CSS of the HTML's styles when the tree is rendered on the server with `cache`. */
function serverCss(cache: EmotionCache): string {
  const { chunks } = renderOnServer(
    cache,
    <>
      <Button variant="contained">Chat</Button>
      <Box
        sx={{
          display: 'flex',
          transform: 'translateY(-200%)',
          mask: 'url("data:image/svg+xml,x") center / contain no-repeat',
          userSelect: 'none',
          width: 'stretch',
          '&::placeholder': { color: 'red' },
        }}
      />
    </>,
  );
  return chunks.styles.map((chunk) => chunk.css).join('');
}

describe('createServerEmotionCache', () => {
  const full = serverCss(createCache({ key: 'css' }));
  const targeted = serverCss(createServerEmotionCache());

  it('writes flexbox, transforms, transitions and placeholders as ES2020 browsers read them', () => {
    expect(full).toContain('display:-webkit-box;'); // what emotion's default cache writes
    expect(targeted).toContain('display:flex;');
    expect(targeted).toContain('display:inline-flex;');
    for (const legacy of [
      '-webkit-box',
      '-ms-flex',
      '-webkit-flex',
      '-ms-transform',
      '-moz-transform',
      '-webkit-transition',
      '::-webkit-input-placeholder',
    ]) {
      expect(targeted).not.toContain(legacy);
    }
    expect(targeted).toContain('transform:translateY(-200%);');
    expect(targeted).toContain('::placeholder{color:red;}');
  });

  it('keeps the prefixes an ES2020 browser may still need: masks, user-select, stretch', () => {
    expect(targeted).toContain('-webkit-mask:url("data:image/svg+xml,x") center/contain no-repeat;');
    expect(targeted).toContain('mask:url("data:image/svg+xml,x") center/contain no-repeat;');
    expect(targeted).toContain('-webkit-user-select:none;');
    expect(targeted).toContain('user-select:none;');
    expect(targeted).toContain('width:-webkit-fill-available;');
  });

  it('hashes the same class names as the default cache, so the browser takes the styles over', () => {
    const classes = (css: string) =>
      [...new Set([...css.matchAll(/\.(css-[a-z0-9]+)/g)].map((m) => m[1]))].sort();
    expect(classes(targeted).length).toBeGreaterThan(1);
    expect(classes(targeted)).toEqual(classes(full));
    expect(targeted.length).toBeLessThan(full.length * 0.85);
  });
});
