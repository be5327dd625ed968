import { safeRedirectPath } from './redirect';

describe('safeRedirectPath (where login goes next)', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirectPath('/app/settings')).toBe('/app/settings');
    expect(safeRedirectPath('/products?page=2&search=hp')).toBe('/products?page=2&search=hp');
  });
  it('sends anything else to /products', () => {
    for (const value of [
      null,
      undefined,
      '',
      'products',
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/\t/evil',
    ]) {
      expect(safeRedirectPath(value)).toBe('/products');
    }
  });
});
