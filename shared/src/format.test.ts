import {
  cardTitle,
  formatEventTime,
  formatKes,
  formatMonthYear,
  formatNumber,
  formatPhone,
  sellerLabel,
  truncate,
} from './format';

describe('formatNumber (en-KE grouping without Intl)', () => {
  const intl = (digits: number) =>
    new Intl.NumberFormat('en-KE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

  it('gives what Intl.NumberFormat("en-KE") gives, over many values and 0-3 decimals', () => {
    // Deterministic pseudo-random values: integers, cents, exact halves, tiny and huge amounts.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = [0, -0, 0.5, 1.5, 2.5, 0.125, 0.375, 1.005, 999.995, 999999.5, 1e15, 123456789.125];
    for (let i = 0; i < 2000; i++) {
      const magnitude = 10 ** Math.floor(next() * 12);
      values.push(Math.round(next() * magnitude * 1000) / 1000, Math.floor(next() * magnitude) + 0.5);
    }
    values.push(...values.map((v) => -v));
    for (const digits of [0, 1, 2, 3]) {
      const reference = intl(digits);
      for (const value of values)
        expect([value, formatNumber(value, digits)]).toEqual([value, reference.format(value)]);
    }
  });

  it('numbers Number#toString writes with an exponent (≥ 1e21, < 1e-6) are formatted as Intl does', () => {
    for (const value of [1e21, 1.5e22, -2e21, 1e-7, 5e-7, -3e-9])
      for (const digits of [0, 2]) expect(formatNumber(value, digits)).toBe(intl(digits).format(value));
  });

  it('groups thousands and pads decimals', () => {
    expect(formatNumber(1234567.5, 2)).toBe('1,234,567.50');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
  });
});

describe('formatKes (§9: Kes + en-KE, at least 2 decimals)', () => {
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

describe('truncate and cardTitle (§9: 18 characters on cards)', () => {
  it('cuts card titles to 18 characters and marks the cut with an ellipsis (§21)', () => {
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

describe('sellerLabel (§2: shop name, else seller firstName, else Unknown)', () => {
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

describe('formatPhone (§21.13)', () => {
  it('groups a 254 number as +254 700 000 005', () => {
    expect(formatPhone('254700000005')).toBe('+254 700 000 005');
    expect(formatPhone('+254 712345678')).toBe('+254 712 345 678');
  });
  it('keeps other shapes as they came', () => {
    expect(formatPhone('0712 345 678')).toBe('0712 345 678');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('formatEventTime and formatMonthYear (§20: Africa/Nairobi, UTC+3)', () => {
  it('writes the start in Nairobi time with the weekday, 24-hour clock', () => {
    expect(formatEventTime('2026-11-28T15:00:00.000Z')).toBe('Sat 28 Nov 2026, 18:00');
    // 22:30 UTC is already the next day in Nairobi.
    expect(formatEventTime('2026-11-28T22:30:00Z')).toBe('Sun 29 Nov 2026, 01:30');
  });
  it('adds the end time on the same day, or the end day and time', () => {
    expect(formatEventTime('2026-11-28T15:00:00Z', '2026-11-28T17:30:00Z')).toBe(
      'Sat 28 Nov 2026, 18:00–20:30',
    );
    expect(formatEventTime('2026-11-28T15:00:00Z', '2026-11-28T23:00:00Z')).toBe(
      'Sat 28 Nov 2026, 18:00 – Sun 29 Nov 2026, 02:00',
    );
    expect(formatEventTime('2026-11-28T15:00:00Z', null)).toBe('Sat 28 Nov 2026, 18:00');
  });
  it('gives null for a missing or invalid start', () => {
    expect(formatEventTime(null)).toBeNull();
    expect(formatEventTime('not a date')).toBeNull();
  });
  it('formats a month and year in Nairobi time', () => {
    expect(formatMonthYear('2026-10-31T22:00:00Z')).toBe('Nov 2026');
    expect(formatMonthYear(undefined)).toBeNull();
  });
});
