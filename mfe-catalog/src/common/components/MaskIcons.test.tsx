// biome-ignore lint/style/noRestrictedImports: the reference shapes; the facade no longer exports them
import FavoriteIcon from '@mui/icons-material/Favorite';
// biome-ignore lint/style/noRestrictedImports: the reference shapes; the facade no longer exports them
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
// biome-ignore lint/style/noRestrictedImports: the reference shape; the facade no longer exports it
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { render } from '@testing-library/react';
import type { ComponentProps, ComponentType } from 'react';
import { MaskIcon, maskUrl } from './MaskIcons';

/** The CSS rule emotion wrote for `selector` (jsdom computes no masks). */
function cssOf(selector: string): string {
  const rule = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .find((candidate) => candidate instanceof CSSStyleRule && candidate.selectorText === selector);
  if (!rule) throw new Error(`no rule for ${selector}`);
  return rule.cssText;
}

/** The SVG document inside a `url("data:image/svg+xml,…")`. */
function svgOf(url: string): Document {
  const match = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(url);
  if (!match?.[1]) throw new Error(`not an SVG data URL: ${url}`);
  return new DOMParser().parseFromString(decodeURIComponent(match[1]), 'image/svg+xml');
}

describe('mask icons (§23: one CSS rule per shape instead of an inline SVG per card)', () => {
  it('maskUrl wraps a path in a 24 × 24 SVG document that survives the round trip', () => {
    const doc = svgOf(maskUrl('M12 2a10 10 0 1 0 0 20z'));
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(doc.querySelector('path')?.getAttribute('d')).toBe('M12 2a10 10 0 1 0 0 20z');
    // Quotes and '#' would end the url() or start a fragment: they must be escaped.
    const data = /^url\("(data:.*)"\)$/.exec(maskUrl('M0 0'))?.[1];
    expect(data).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(data).not.toMatch(/["#<> ]/);
  });

  it.each<[ComponentProps<typeof MaskIcon>['shape'], ComponentType]>([
    ['WhatsApp', WhatsAppIcon],
    ['Favorite', FavoriteIcon],
    ['FavoriteBorder', FavoriteBorderIcon],
  ])("%s is one empty decorative 1em span, masked by the Material icon's own path", (name, MuiIcon) => {
    const { container } = render(<MaskIcon shape={name} />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.tagName).toBe('SPAN');
    expect(span).toBeEmptyDOMElement();
    expect(span).toHaveAttribute('aria-hidden', 'true');
    expect(span).toHaveAttribute('data-icon', name);
    const box = cssOf(`.${span.className}`);
    expect(box).toContain('width: 1em; height: 1em;');
    expect(box).toContain('background-color: currentColor;');
    expect(box).toContain('forced-color-adjust: none;');
    const css = cssOf(`.${span.className}[data-icon="${name}"]`);
    const url = /[;{] mask: (url\("[^"]+"\))/.exec(css)?.[1];
    expect(css).toContain(`-webkit-mask: ${url}`); // Chromium before 120, Safari before 15.4
    const muiPath = render(<MuiIcon />)
      .container.querySelector('path')
      ?.getAttribute('d');
    expect(muiPath).toBeTruthy();
    expect(
      svgOf(url ?? '')
        .querySelector('path')
        ?.getAttribute('d'),
    ).toBe(muiPath);
  });

  it('all icons share one class: a page of cards adds one rule, not one per card', () => {
    const classes = (['WhatsApp', 'Favorite', 'FavoriteBorder', 'WhatsApp'] as const).map(
      (shape) => (render(<MaskIcon shape={shape} />).container.firstElementChild as HTMLElement).className,
    );
    expect(new Set(classes).size).toBe(1);
  });
});
