import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  isUniversityInCountry,
  loadUniversities,
  selectCountry,
  type UniversityEntry,
  universitiesByCountry,
  validateUniversities,
} from '../src/universities/universities.ts';

const JSON_URL = new URL('../src/universities/universities.json', import.meta.url);
const raw: UniversityEntry[] = JSON.parse(readFileSync(JSON_URL, 'utf8'));
const rawKe = raw.filter((e) => e.country === 'KE');

describe('universities.json (§1, §3)', () => {
  it('parses to a non-empty array', () => {
    assert.ok(Array.isArray(raw));
    assert.ok(raw.length >= 400, `only ${raw.length} entries`);
  });

  it('every entry has a 2-letter uppercase country, a non-empty name and an http(s) url', () => {
    for (const [i, e] of raw.entries()) {
      assert.deepEqual(Object.keys(e).sort(), ['country', 'name', 'url'], `entry ${i}`);
      assert.match(e.country, /^[A-Z]{2}$/, `entry ${i} country`);
      assert.ok(typeof e.name === 'string' && e.name.trim() !== '', `entry ${i} name`);
      assert.match(e.url, /^https?:\/\/[^\s/]+\.[^\s]+$/, `entry ${i} url`);
      assert.doesNotThrow(() => new URL(e.url), `entry ${i} url parses`);
    }
  });

  it('covers many countries, including legacy codes', () => {
    const codes = new Set(raw.map((e) => e.country));
    assert.ok(codes.size >= 40, `only ${codes.size} countries`);
    for (const legacy of ['UK', 'YU', 'ZR', 'TP', 'SU']) assert.ok(codes.has(legacy), legacy);
  });

  it('has a repeated KE name and a KE url shared by two names (the cases the loader handles)', () => {
    const names = rawKe.map((e) => e.name.trim().toLowerCase());
    assert.ok(names.length > new Set(names).size, 'no duplicate KE name');
    const urls = rawKe.map((e) => e.url);
    assert.ok(urls.length > new Set(urls).size, 'no shared KE url');
  });

  it('loadUniversities returns the whole validated list, cached and frozen', () => {
    const list = loadUniversities();
    assert.equal(list.length, raw.length);
    assert.equal(loadUniversities(), list);
    assert.ok(Object.isFrozen(list));
  });

  it('validateUniversities rejects malformed data', () => {
    assert.throws(() => validateUniversities({}), /array/);
    assert.throws(() => validateUniversities([null]), /not an object/);
    assert.throws(() => validateUniversities([{ country: 'ke', name: 'X', url: 'https://x.ke' }]), /country/);
    assert.throws(() => validateUniversities([{ country: 'KE', name: '  ', url: 'https://x.ke' }]), /name/);
    assert.throws(() => validateUniversities([{ country: 'KE', name: 'X', url: 'ftp://x.ke' }]), /url/);
  });
});

describe('universitiesByCountry (§1, §9: KE only)', () => {
  const ke = universitiesByCountry('KE');

  it('KE has 60+ distinct names, each with name and url only', () => {
    assert.ok(ke.length >= 60, `only ${ke.length} KE names`);
    assert.equal(new Set(ke.map((u) => u.name.toLowerCase())).size, ke.length);
    for (const u of ke) assert.deepEqual(Object.keys(u).sort(), ['name', 'url']);
  });

  it('removes the duplicate name and keeps the first url', () => {
    const rawUon = rawKe.filter((e) => e.name === 'University of Nairobi');
    assert.ok(rawUon.length >= 2, 'fixture: University of Nairobi is listed twice');
    const uon = ke.filter((u) => u.name === 'University of Nairobi');
    assert.equal(uon.length, 1);
    assert.equal(uon[0]?.url, rawUon[0]?.url);
  });

  it('keeps two different names that share one url', () => {
    const shared = ke.filter((u) => u.url === 'https://www.kafu.ac.ke').map((u) => u.name);
    assert.deepEqual(shared.sort(), ['Kaimosi Friends University', 'Kaimosi Friends University College']);
  });

  it('is sorted by name (localeCompare en)', () => {
    for (let i = 1; i < ke.length; i++) {
      assert.ok(ke[i - 1]!.name.localeCompare(ke[i]!.name, 'en') <= 0, `${ke[i - 1]!.name} > ${ke[i]!.name}`);
    }
  });

  it('matches the country code case-insensitively and only returns that country', () => {
    assert.deepEqual(universitiesByCountry('ke'), ke);
    assert.ok(!ke.some((u) => u.name === 'Makerere University'));
    assert.ok(universitiesByCountry('UG').some((u) => u.name === 'Makerere University'));
  });

  it('unknown or empty country gives []', () => {
    assert.deepEqual(universitiesByCountry('XX'), []);
    assert.deepEqual(universitiesByCountry('Kenya'), []);
    assert.deepEqual(universitiesByCountry(''), []);
  });

  it('returns a fresh array each call (callers cannot corrupt the cache)', () => {
    const a = universitiesByCountry('KE');
    a.length = 0;
    assert.equal(universitiesByCountry('KE').length, ke.length);
  });

  it('selectCountry trims names and dedups case-insensitively, first url wins', () => {
    const entries: UniversityEntry[] = [
      { country: 'KE', name: ' Beta University ', url: 'https://beta-1.ke' },
      { country: 'ke', name: 'beta university', url: 'https://beta-2.ke' },
      { country: 'KE', name: 'Alpha College', url: 'https://shared.ke' },
      { country: 'KE', name: 'Alpha University', url: 'https://shared.ke' },
      { country: 'UG', name: 'Gamma University', url: 'https://gamma.ug' },
    ];
    assert.deepEqual(selectCountry(entries, 'Ke'), [
      { name: 'Alpha College', url: 'https://shared.ke' },
      { name: 'Alpha University', url: 'https://shared.ke' },
      { name: 'Beta University', url: 'https://beta-1.ke' },
    ]);
  });
});

describe('isUniversityInCountry (§5: must be picked from the list)', () => {
  it('accepts an exact KE name, trimmed and case-insensitive', () => {
    assert.equal(isUniversityInCountry('University of Nairobi', 'KE'), true);
    assert.equal(isUniversityInCountry('university of nairobi ', 'KE'), true);
    assert.equal(isUniversityInCountry('  STRATHMORE UNIVERSITY', 'ke'), true);
  });

  it('rejects a non-Kenyan university, a partial name and empty input', () => {
    assert.equal(isUniversityInCountry('Makerere University', 'KE'), false);
    assert.equal(isUniversityInCountry('Harvard University', 'KE'), false);
    assert.equal(isUniversityInCountry('Nairobi', 'KE'), false);
    assert.equal(isUniversityInCountry('University of Nairobi, Kenya', 'KE'), false);
    assert.equal(isUniversityInCountry('', 'KE'), false);
    assert.equal(isUniversityInCountry('   ', 'KE'), false);
  });

  it('checks the given country only', () => {
    assert.equal(isUniversityInCountry('Makerere University', 'UG'), true);
    assert.equal(isUniversityInCountry('University of Nairobi', 'UG'), false);
    assert.equal(isUniversityInCountry('University of Nairobi', 'XX'), false);
  });

  it('returns false for non-string input instead of throwing', () => {
    assert.equal(isUniversityInCountry(undefined as unknown as string, 'KE'), false);
    assert.equal(isUniversityInCountry(42 as unknown as string, 'KE'), false);
    assert.equal(isUniversityInCountry('University of Nairobi', null as unknown as string), false);
  });
});
