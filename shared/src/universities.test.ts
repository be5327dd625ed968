import { readFileSync } from 'node:fs';
import path from 'node:path';
import { KE_UNIVERSITY_NAMES, UNIVERSITY_SHORT_NAMES, universityShortName } from './universities';

describe('university short names (§20.3)', () => {
  it('gives the known short form of a KE university', () => {
    expect(universityShortName('University of Nairobi')).toBe('UoN');
    expect(universityShortName('Jomo Kenyatta University of Agriculture and Technology')).toBe('JKUAT');
    expect(universityShortName('Maseno University')).toBe('Maseno');
  });
  it('makes initials for a name it does not know, keeps one word, and gives "" for none', () => {
    expect(universityShortName('Example Institute of Technology')).toBe('EIT');
    expect(universityShortName('Sorbonne')).toBe('Sorbonne');
    expect(universityShortName(null)).toBe('');
    expect(universityShortName('  ')).toBe('');
  });
  it('has one short form per name, every one short and distinct', () => {
    const shorts = Object.values(UNIVERSITY_SHORT_NAMES);
    expect(new Set(shorts).size).toBe(shorts.length);
    expect(shorts.filter((short) => short.length > 10)).toEqual([]);
  });
  it('lists the KE names A to Z for the campus filter', () => {
    expect(KE_UNIVERSITY_NAMES.length).toBe(Object.keys(UNIVERSITY_SHORT_NAMES).length);
    expect([...KE_UNIVERSITY_NAMES]).toEqual(
      [...KE_UNIVERSITY_NAMES].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });
});

it("names exactly the KE entries of the API's reference list (the names signup stores)", () => {
  const file = path.resolve(__dirname, '../../api/src/universities/universities.json');
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { country: string; name: string }[];
  const keNames = new Set(
    entries.filter((entry) => entry.country === 'KE').map((entry) => entry.name.trim()),
  );
  expect([...keNames].sort()).toEqual(Object.keys(UNIVERSITY_SHORT_NAMES).sort());
});
