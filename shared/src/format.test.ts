import { cardTitle, formatKes, formatPhone, sellerLabel, truncate } from './format';

describe('formatKes (spec 9: Kes + en-KE, at least 2 decimals)', () => {
  it('formats thousands with separators and 2 decimals', () => {
    expect(formatKes(1800)).toBe('Kes 1,800.00');
    expect(formatKes(38000.5)).toBe('Kes 38,000.50');
    expect(formatKes(0)).toBe('Kes 0.00');
  });
  it('accepts numeric strings and treats garbage as 0', () => {
    expect(formatKes('1250.75')).toBe('Kes 1,250.75');
    expect(formatKes(undefined)).toBe('Kes 0.00');
    expect(formatKes(Number.NaN)).toBe('Kes 0.00');
  });
});

describe('truncate and cardTitle (spec 9: 18 characters on cards)', () => {
  it('cuts card titles to 18 characters and marks the cut with an ellipsis (issue 14)', () => {
    expect(cardTitle('Casio fx-991ES Plus scientific calculator')).toBe('Casio fx-991ES Plu…');
    expect(cardTitle('Exactly eighteen!!')).toBe('Exactly eighteen!!');
    expect(cardTitle('Jiko')).toBe('Jiko');
    expect(cardTitle(null)).toBe('');
  });
  it('adds ... only when text was longer', () => {
    expect(truncate('abcdef', 3, true)).toBe('abc...');
    expect(truncate('abc', 3, true)).toBe('abc');
  });
  it('never splits an emoji', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀');
  });
});

describe('sellerLabel (spec 2: shop name, else seller firstName, else Unknown)', () => {
  it('prefers the shop name', () => {
    expect(sellerLabel({ shop: { name: 'Mama Mboga Gadgets' }, seller: { firstName: 'Otieno' } })).toBe(
      'Mama Mboga Gadgets',
    );
  });
  it('falls back to the seller first name, then Unknown', () => {
    expect(sellerLabel({ shop: null, seller: { firstName: 'Otieno' } })).toBe('Otieno');
    expect(sellerLabel({ shop: { name: '' }, seller: {} })).toBe('Unknown');
    expect(sellerLabel({})).toBe('Unknown');
  });
});

describe('formatPhone (issue 14 item 13)', () => {
  it('groups a 254 number as +254 700 000 005', () => {
    expect(formatPhone('254700000005')).toBe('+254 700 000 005');
    expect(formatPhone('+254 712345678')).toBe('+254 712 345 678');
  });
  it('keeps other shapes as they came', () => {
    expect(formatPhone('0712 345 678')).toBe('0712 345 678');
    expect(formatPhone(undefined)).toBe('');
  });
});
