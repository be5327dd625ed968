import { resultCountText } from './result-count';

describe('resultCountText (ADR 0037)', () => {
  it('shows an exact total as it is, singular for one', () => {
    expect(resultCountText(1, false, 'products')).toBe('1 product');
    expect(resultCountText(742, false, 'products')).toBe('742 products');
    expect(resultCountText(1000, false, 'services')).toBe('1,000 services');
  });

  it('says "about" for an estimate, rounded to two significant digits', () => {
    expect(resultCountText(95_076, true, 'products')).toBe('about 95,000 products');
    expect(resultCountText(19_615, true, 'products')).toBe('about 20,000 products');
    expect(resultCountText(1001, true, 'services')).toBe('about 1,000 services');
  });
});
