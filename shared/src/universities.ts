/**
 * Short names of the KE universities (docs/product.md §20.3: "cards show it (short form)"). The keys are
 * exactly the KE names of the API's reference list (api/src/universities/universities.json, the
 * names signup stores), so this map is also the campus filter's list of choices without a request.
 * The short forms are the ones the universities use themselves (web domain or common use), or the
 * one distinctive word of the name. Pure data; a name not listed gets {@link universityShortName}'s
 * initials.
 */
export const UNIVERSITY_SHORT_NAMES: Readonly<Record<string, string>> = {
  'University of Nairobi': 'UoN',
  'Moi University': 'Moi',
  'Kenyatta University': 'KU',
  'Egerton University': 'Egerton',
  'Jomo Kenyatta University of Agriculture and Technology': 'JKUAT',
  'Maseno University': 'Maseno',
  'Masinde Muliro University of Science and Technology': 'MMUST',
  'Dedan Kimathi University of Technology': 'DeKUT',
  'Chuka University': 'Chuka',
  'Technical University of Kenya': 'TUK',
  'Technical University of Mombasa': 'TUM',
  'Pwani University': 'Pwani',
  'Kisii University': 'Kisii',
  'University of Eldoret': 'UoE',
  'Maasai Mara University': 'MMARAU',
  'Jaramogi Oginga Odinga University of Science and Technology': 'JOOUST',
  'Laikipia University': 'Laikipia',
  'South Eastern Kenya University': 'SEKU',
  'Meru University of Science and Technology': 'MUST',
  'Multimedia University of Kenya': 'MMU',
  'University of Kabianga': 'Kabianga',
  'Karatina University': 'KarU',
  'Kibabii University': 'KIBU',
  'Rongo University': 'Rongo',
  'University of Embu': 'UoEm',
  'Machakos University': 'MksU',
  "Murang'a University of Technology": 'MUT',
  'Kirinyaga University': 'KyU',
  'Garissa University': 'GaU',
  'The Co-operative University of Kenya': 'CUK',
  'Taita Taveta University': 'TTU',
  'Alupe University': 'Alupe',
  'Tharaka University': 'Tharaka',
  'Tom Mboya University': 'TMU',
  'Kaimosi Friends University': 'KAFU',
  'Open University of Kenya': 'OUK',
  'National Defence University-Kenya': 'NDU-K',
  'Bomet University College': 'BUC',
  'Turkana University College': 'TUC',
  'Koitaleel Samoei University College': 'KSUC',
  'Mama Ngina University College': 'MNUC',
  'Kaimosi Friends University College': 'KAFUC',
  'Strathmore University': 'Strathmore',
  'United States International University - Africa': 'USIU-A',
  'Daystar University': 'Daystar',
  'The Catholic University of Eastern Africa': 'CUEA',
  'KCA University': 'KCA',
  'Mount Kenya University': 'MKU',
  'Africa Nazarene University': 'ANU',
  'Kabarak University': 'Kabarak',
  'University of Eastern Africa, Baraton': 'UEAB',
  "St. Paul's University": 'SPU',
  'Scott Christian University': 'Scott',
  'Pan Africa Christian University': 'PAC',
  'Great Lakes University of Kisumu': 'GLUK',
  'Aga Khan University': 'AKU',
  'Africa International University': 'AIU',
  'Kenya Methodist University': 'KeMU',
  'Zetech University': 'Zetech',
  'Riara University': 'Riara',
  'Management University of Africa': 'MUA',
  'Tangaza University': 'Tangaza',
  'Lukenya University': 'Lukenya',
  'Pioneer International University': 'PIU',
  'Umma University': 'Umma',
  'Gretsa University': 'Gretsa',
  'Amref International University': 'AMIU',
  "Kiriri Women's University of Science and Technology": 'KWUST',
  'Adventist University of Africa': 'AUA',
  'Presbyterian University of East Africa': 'PUEA',
  'International Leadership University': 'ILU',
  'Kenya Highlands University': 'KHU',
  'KAG East University': 'KAG EAST',
  'Uzima University': 'Uzima',
  'Hekima University College': 'Hekima',
  'Marist International University College': 'MIUC',
};

/**
 * Case-insensitive code-unit order: for these names the same order as `localeCompare(b, 'en')`
 * (a test checks it) without its cost at start-up: the first collation of a page loads ICU's
 * collation data on the main thread (~5-10 ms on a fast machine, more on a phone), and this list
 * is built while the first view's script starts (the same reason as `formatNumber`, ADR 0017).
 */
function byNameAToZ(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The KE university names, A to Z: the campus filter's choices (docs/product.md §20.3). */
export const KE_UNIVERSITY_NAMES: readonly string[] = Object.keys(UNIVERSITY_SHORT_NAMES).sort(byNameAToZ);

/** Words left out of made-up initials. */
const MINOR_WORDS = new Set(['of', 'and', 'the', 'for', 'in', 'at']);

/**
 * The short form of a university name for cards (docs/product.md §20.3): its entry in
 * {@link UNIVERSITY_SHORT_NAMES}, else the initials of its capitalised words ('Example Institute
 * of Technology' → 'EIT'), else the name as given; '' for a missing name.
 */
export function universityShortName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return '';
  const known = UNIVERSITY_SHORT_NAMES[trimmed];
  if (known) return known;
  const words = trimmed.split(/[\s-]+/).filter((word) => word && !MINOR_WORDS.has(word.toLowerCase()));
  return words.length > 1 ? words.map((word) => word[0]?.toUpperCase()).join('') : trimmed;
}
