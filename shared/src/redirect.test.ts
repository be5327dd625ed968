import { isSellingRedirect, safeRedirectPath } from './redirect';

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

describe('isSellingRedirect (§21.9)', () => {
  it('is true for the selling pages, with or without a query', () => {
    for (const value of [
      '/app/products-list',
      '/app/services-list?x=1',
      '/create-service',
      '/app/events-list',
    ])
      expect(isSellingRedirect(value)).toBe(true);
  });
  it('is false for other pages and for unsafe values', () => {
    for (const value of [
      null,
      '/app',
      '/app/settings',
      '/products',
      '/app/products-listing',
      '//create-service',
    ])
      expect(isSellingRedirect(value)).toBe(false);
  });
});
