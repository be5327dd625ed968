/**
 * Bundled university reference list (docs/product.md §1, §3 "University reference entry").
 *
 * The list in `universities.json` covers many countries, carries some legacy two-letter codes
 * (UK, YU, ZR, TP, SU), repeats some names and shares some addresses. Signup only offers the
 * entries with country KE (docs/product.md §9) and accepts only a name picked from them (docs/product.md §5).
 */
import { readFileSync } from 'node:fs';

/** One entry of the reference list: two-letter country code, name, website address (docs/product.md §3). */
export interface UniversityEntry {
  country: string;
  name: string;
  url: string;
}

/** A university as offered by the signup picker: name and url only (docs/product.md §3). */
export interface UniversityOption {
  name: string;
  url: string;
}

const DATA_URL = new URL('./universities.json', import.meta.url);
const COUNTRY_RE = /^[A-Z]{2}$/;
const URL_RE = /^https?:\/\/\S+$/i;

let cache: readonly UniversityEntry[] | undefined;
const byCountryCache = new Map<string, readonly UniversityOption[]>();
const namesCache = new Map<string, ReadonlySet<string>>();

/**
 * Checks that `data` is an array of `{ country, name, url }` entries: country two uppercase
 * letters, name non-empty after trimming, url an http(s) address. Throws on the first bad entry.
 */
export function validateUniversities(data: unknown): UniversityEntry[] {
  if (!Array.isArray(data)) throw new Error('universities.json: expected a JSON array');
  return data.map((raw: unknown, i) => {
    const e = raw as Partial<Record<keyof UniversityEntry, unknown>> | null;
    if (typeof e !== 'object' || e === null) throw new Error(`universities.json[${i}]: not an object`);
    const { country, name, url } = e;
    if (typeof country !== 'string' || !COUNTRY_RE.test(country)) {
      throw new Error(`universities.json[${i}]: bad country ${JSON.stringify(country)}`);
    }
    if (typeof name !== 'string' || name.trim() === '') {
      throw new Error(`universities.json[${i}]: empty name`);
    }
    if (typeof url !== 'string' || !URL_RE.test(url)) {
      throw new Error(`universities.json[${i}]: bad url ${JSON.stringify(url)}`);
    }
    return { country, name, url };
  });
}

/**
 * Returns the whole bundled list (docs/product.md §1, §3). Read from disk and validated on the first
 * call, then cached; the result and its entries are frozen. Throws if the file is malformed.
 */
export function loadUniversities(): readonly UniversityEntry[] {
  if (!cache) {
    const parsed: unknown = JSON.parse(readFileSync(DATA_URL, 'utf8'));
    cache = Object.freeze(validateUniversities(parsed).map((e) => Object.freeze(e)));
  }
  return cache;
}

/**
 * Pure selection used by `universitiesByCountry`: keeps the entries of `country` (code compared
 * case-insensitively), trims names, drops repeated names (case-insensitive, the first url wins)
 * and sorts by name with `localeCompare` in English.
 */
export function selectCountry(entries: readonly UniversityEntry[], country: string): UniversityOption[] {
  const code = country.trim().toUpperCase();
  const seen = new Set<string>();
  const out: UniversityOption[] = [];
  for (const e of entries) {
    if (e.country.toUpperCase() !== code) continue;
    const name = e.name.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    out.push({ name, url: e.url });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

function cachedCountry(country: string): readonly UniversityOption[] {
  const code = country.trim().toUpperCase();
  let list = byCountryCache.get(code);
  if (!list) {
    list = Object.freeze(selectCountry(loadUniversities(), code));
    byCountryCache.set(code, list);
  }
  return list;
}

/**
 * The universities of one country for the signup picker (docs/product.md §1, §3, §9 "country filter
 * KE"): `{ name, url }` with trimmed names, one per name (case-insensitive, first url kept),
 * sorted by name. Unknown or empty country → `[]`. Returns a fresh array the caller may modify.
 */
export function universitiesByCountry(country: string): { name: string; url: string }[] {
  if (typeof country !== 'string') return [];
  return cachedCountry(country).map((u) => ({ ...u }));
}

/**
 * Signup check "must be picked from the list" (docs/product.md §5): true when `name`, trimmed, equals
 * (case-insensitively) a whole university name of `country`. Partial names do not match;
 * non-string input gives false.
 */
export function isUniversityInCountry(name: string, country: string): boolean {
  if (typeof name !== 'string' || typeof country !== 'string') return false;
  const key = name.trim().toLowerCase();
  if (key === '') return false;
  const code = country.trim().toUpperCase();
  let names = namesCache.get(code);
  if (!names) {
    names = new Set(cachedCountry(code).map((u) => u.name.toLowerCase()));
    namesCache.set(code, names);
  }
  return names.has(key);
}

/** Lower-cased KE name → the list's spelling, built on first use. */
let kenyanNames: Map<string, string> | undefined;

/**
 * A Kenyan university's name as the list spells it (docs/product.md §20: the `university` filters of the
 * lists and events): `name` trimmed and matched case-insensitively against the KE entries
 * (docs/product.md §9); undefined when it is not one of them.
 */
export function kenyanUniversityName(name: string): string | undefined {
  if (typeof name !== 'string') return undefined;
  const key = name.trim().toLowerCase();
  if (key === '') return undefined;
  kenyanNames ??= new Map(cachedCountry('KE').map((u) => [u.name.toLowerCase(), u.name]));
  return kenyanNames.get(key);
}
