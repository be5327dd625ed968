/**
 * Units of the catalog lists: search parsing (safe tsquery from user input) and the totals cache.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CountCache } from '../src/catalog/count-cache.ts';
import { parseSearch } from '../src/catalog/search.ts';

describe('parseSearch', () => {
  it('turns words into ANDed prefix terms, lower case', () => {
    assert.deepEqual(parseSearch('  HP  Laptop '), {
      words: ['hp', 'laptop'],
      tsquery: 'hp:* & laptop:*',
      typed: null,
      trigram: 'hp laptop',
    });
    assert.deepEqual(parseSearch('text'), {
      words: ['text'],
      tsquery: 'text:*',
      typed: null,
      trigram: 'text',
    });
  });

  it('keeps only letters and digits, so no tsquery operator gets through', () => {
    const terms = parseSearch("it's & | ! <-> :* (a) 'b' \\c fx-991");
    assert.deepEqual(terms?.words, ['it', 's', 'a', 'b', 'c', 'fx', '991']);
    assert.doesNotMatch(terms!.typed ?? terms!.tsquery, /[|!<>()'\\-]/);
    // `fx 991` has the shape of a course code (docs/product.md §31): our own OR group, nothing typed.
    assert.equal(terms!.tsquery, 'it:* & s:* & a:* & b:* & c:* & (fx:* & 991:* | fx991)');
    assert.equal(parseSearch('&&& !!! ***'), null);
    assert.equal(parseSearch(''), null);
    assert.equal(parseSearch(undefined), null);
  });

  it('keeps non-Latin letters and accents, normalized', () => {
    assert.deepEqual(parseSearch('Café ＨＰ')?.words, ['café', 'hp']);
  });

  it('skips the trigram fallback under 3 characters and caps the number of words', () => {
    assert.equal(parseSearch('hp')?.trigram, null);
    assert.equal(parseSearch('a b')?.trigram, null);
    assert.equal(parseSearch('a b c')?.trigram, 'a b c');
    assert.equal(parseSearch('a b c d e f g h i j')?.words.length, 8);
  });
});

describe('CountCache', () => {
  it('returns values until invalidated', () => {
    const cache = new CountCache();
    cache.set('k', 5, cache.currentVersion());
    assert.equal(cache.get('k'), 5);
    cache.invalidate();
    assert.equal(cache.get('k'), undefined);
  });

  it('drops a value computed before an invalidation', () => {
    const cache = new CountCache();
    const version = cache.currentVersion();
    cache.invalidate();
    cache.set('k', 5, version);
    assert.equal(cache.get('k'), undefined);
  });

  it('expires entries after ttlMs and keeps at most maxEntries', () => {
    let now = 0;
    const cache = new CountCache({ ttlMs: 1000, maxEntries: 2, now: () => now });
    cache.set('a', 1, 0);
    now = 999;
    assert.equal(cache.get('a'), 1);
    now = 1000;
    assert.equal(cache.get('a'), undefined);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    assert.equal(cache.size, 2);
    assert.equal(cache.get('a'), undefined, 'oldest dropped');
    assert.equal(cache.get('c'), 3);
  });
});
