import { PRODUCT_CATEGORIES } from '@campus/shared';
import { LIST_SORTS } from '@campus/shared/contract';
import { SORT_OPTIONS } from './list-options';
import {
  cleanPrice,
  keptParams,
  nextListParams,
  parseListUrl,
  priceRangeError,
  toListQuery,
} from './list-url-state';

const parse = (query: string) => parseListUrl(new URLSearchParams(query), PRODUCT_CATEGORIES);

describe('parseListUrl', () => {
  it('reads search, category, prices and page', () => {
    expect(parse('search=%20calc%20&category=Electronics&minPrice=100&maxPrice=2500.50&page=3')).toEqual({
      search: 'calc',
      category: 'Electronics',
      minPrice: '100',
      maxPrice: '2500.50',
      verifiedOnly: false,
      university: '',
      condition: '',
      sort: 'newest',
      course: '',
      page: 3,
    });
  });
  it('reads verifiedOnly=true (§19) and nothing else as on', () => {
    expect(parse('verifiedOnly=true').verifiedOnly).toBe(true);
    expect(parse('verifiedOnly=1').verifiedOnly).toBe(false);
  });
  it('drops unknown categories, bad prices and bad pages (no API 400 from a hand-edited URL)', () => {
    expect(parse('category=Cars&minPrice=abc&maxPrice=-5&page=0')).toEqual({
      search: '',
      category: '',
      minPrice: '',
      maxPrice: '',
      verifiedOnly: false,
      university: '',
      condition: '',
      sort: 'newest',
      course: '',
      page: 1,
    });
    expect(parse('page=2.5').page).toBe(1);
  });
});

describe('nextListParams (§2: the page resets to 1 when the search or a filter changes)', () => {
  const current = new URLSearchParams('search=lamp&page=4&utm=x');
  const state = parseListUrl(current, PRODUCT_CATEGORIES);
  it('resets the page on a filter or search change and keeps foreign keys', () => {
    expect(nextListParams(current, state, { category: 'Electronics' }).toString()).toBe(
      'utm=x&search=lamp&category=Electronics',
    );
    expect(nextListParams(current, state, { search: 'desk' }).toString()).toBe('utm=x&search=desk');
  });
  it('writes verifiedOnly=true, resets the page, and sends verifiedOnly to the API (§19)', () => {
    const params = nextListParams(current, state, { verifiedOnly: true });
    expect(params.toString()).toBe('utm=x&search=lamp&verifiedOnly=true');
    expect(toListQuery(parseListUrl(params, PRODUCT_CATEGORIES))).toMatchObject({ verifiedOnly: true });
    expect(toListQuery(state)).not.toHaveProperty('verifiedOnly');
  });
  it('keeps the page when nothing changed, and sets it on a page change', () => {
    expect(nextListParams(current, state, { search: 'lamp' }).toString()).toBe('utm=x&search=lamp&page=4');
    expect(nextListParams(current, state, { page: 5 }).toString()).toBe('utm=x&search=lamp&page=5');
    expect(nextListParams(current, state, { page: 1 }).toString()).toBe('utm=x&search=lamp');
  });
});

describe('toListQuery (§7)', () => {
  it('sends page, limit 20 and only the filters that are set, prices as numbers', () => {
    expect(toListQuery(parse(''))).toEqual({ page: 1, limit: 20 });
    expect(toListQuery(parse('minPrice=100&category=other&page=2'))).toEqual({
      page: 2,
      limit: 20,
      minPrice: 100,
      category: 'other',
    });
  });
});

describe('prices', () => {
  it('cleans input and checks the range', () => {
    expect(cleanPrice(' 250 ')).toBe('250');
    expect(cleanPrice('1e3')).toBe('1e3');
    expect(cleanPrice('-1')).toBe('');
    expect(priceRangeError('500', '100')).toBe('Min price must not be more than max price');
    expect(priceRangeError('100', '500')).toBe('');
    expect(priceRangeError('100', '')).toBe('');
  });
});

describe('sort, campus and condition in the URL (§20.2-4)', () => {
  it('reads known values and drops unknown ones (no API 400 from a hand-edited URL)', () => {
    expect(parse('sort=price_asc&university=Kenyatta%20University&condition=like_new')).toMatchObject({
      sort: 'price_asc',
      university: 'Kenyatta University',
      condition: 'like_new',
    });
    expect(parse('sort=cheapest&university=Hogwarts&condition=broken')).toMatchObject({
      sort: 'newest',
      university: '',
      condition: '',
    });
  });
  it('writes them (not the default sort), resets the page, and sends them to the API combined', () => {
    const current = new URLSearchParams('search=lamp&category=Electronics&minPrice=100&page=3');
    const state = parseListUrl(current, PRODUCT_CATEGORIES);
    const params = nextListParams(current, state, { sort: 'price_desc', university: 'Maseno University' });
    expect(params.toString()).toBe(
      'search=lamp&category=Electronics&minPrice=100&university=Maseno+University&sort=price_desc',
    );
    expect(toListQuery(parseListUrl(params, PRODUCT_CATEGORIES))).toEqual({
      page: 1,
      limit: 20,
      search: 'lamp',
      category: 'Electronics',
      minPrice: 100,
      university: 'Maseno University',
      sort: 'price_desc',
    });
    expect(
      nextListParams(params, parseListUrl(params, PRODUCT_CATEGORIES), { sort: 'newest' }).has('sort'),
    ).toBe(false);
    expect(toListQuery(parse('sort=newest'))).not.toHaveProperty('sort');
    expect(toListQuery(parse('condition=good'))).toMatchObject({ condition: 'good' });
  });
  it('keptParams: the other parameters as hidden fields, without the page', () => {
    const state = parse('search=lamp&sort=most_viewed&university=Kenyatta%20University&page=4');
    expect(keptParams(state, ['sort', 'university'])).toEqual({ search: 'lamp' });
    expect(keptParams(state, ['search'])).toEqual({ university: 'Kenyatta University', sort: 'most_viewed' });
  });
});

it("the sort choices are the contract's LIST_SORTS, in its order", () => {
  expect(SORT_OPTIONS.map((option) => option.value)).toEqual([...LIST_SORTS]);
});

describe('course code in the URL (docs/product.md §31)', () => {
  it('normalises ?course= in any spelling, drops a bad one, and sends it to the API', () => {
    expect(parse('course=sch-2101').course).toBe('SCH2101');
    expect(parse('course=SCH%202101').course).toBe('SCH2101');
    expect(parse('course=chemistry').course).toBe('');
    expect(toListQuery(parse('course=sch2101'))).toMatchObject({ course: 'SCH2101' });
    expect(toListQuery(parse('course=chemistry'))).not.toHaveProperty('course');
    const next = nextListParams(new URLSearchParams('page=3'), parse('course=sch2101&page=3'), {
      search: 'notes',
    });
    expect(next.toString()).toBe('search=notes&course=SCH2101');
  });
});
