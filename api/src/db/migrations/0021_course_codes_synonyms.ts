/**
 * Migration 0021: textbooks by course code and search that finds what students mean
 * (docs/product.md §31, docs/decisions/0036).
 *
 * - `products.course_codes`: the normalised codes of a textbook (`SCH2101`), at most 5, '{}' for
 *   every other product; a GIN index serves `?course=` (`course_codes @> ARRAY[code]`). The
 *   stored `search` tsvector is rebuilt with the codes at weight A, so the search box finds
 *   `sch2101` (and `sch 2101`, expanded by `parseSearch`). `array_to_string` is only STABLE, so a
 *   one-line IMMUTABLE wrapper (`course_codes_text`) feeds the generated column.
 * - `search_synonyms`: the synonym groups, kept as data and edited by admins
 *   (`PUT /api/v1/admin/synonyms`): `words` mean the same (each finds all the others), `narrower`
 *   are kinds of them (a word of `words` finds them; they only find themselves). Seeded below.
 * - `search_words`: every word (3-30 letters/digits) ever used in a product title or service name,
 *   filled from the current rows and kept by a trigger; with a trigram index it gives the "Did
 *   you mean" suggestions of a search that found nothing (checked against the listings when used).
 */
import { type Kysely, sql } from 'kysely';

/** The synonym groups shipped with the migration (admins edit them afterwards). */
const SEED: { words: string[]; narrower: string[] }[] = [
  {
    words: ['laptop', 'notebook'],
    narrower: [
      'hp',
      'dell',
      'lenovo',
      'elitebook',
      'thinkpad',
      'macbook',
      'probook',
      'ideapad',
      'asus',
      'acer',
    ],
  },
  {
    words: ['phone', 'smartphone', 'simu'],
    narrower: ['iphone', 'samsung', 'tecno', 'infinix', 'itel', 'oppo', 'redmi', 'xiaomi', 'nokia'],
  },
  { words: ['fridge', 'refrigerator', 'friji'], narrower: [] },
  { words: ['tv', 'television', 'runinga'], narrower: [] },
  { words: ['mattress', 'godoro'], narrower: [] },
  { words: ['bed', 'kitanda'], narrower: [] },
  { words: ['gas cylinder', 'meko', 'cooking gas'], narrower: [] },
  { words: ['shoes', 'shoe', 'kiatu', 'viatu', 'ndula'], narrower: ['sneakers', 'rubbers'] },
  {
    words: ['clothes', 'clothing', 'nguo', 'mtush'],
    narrower: ['shirt', 'dress', 'jeans', 'trousers', 'hoodie', 'jacket'],
  },
  { words: ['book', 'books', 'kitabu', 'vitabu'], narrower: [] },
  { words: ['table', 'meza'], narrower: [] },
  { words: ['chair', 'kiti', 'viti'], narrower: [] },
  { words: ['bag', 'begi', 'mkoba'], narrower: ['backpack'] },
  { words: ['watch', 'saa'], narrower: [] },
  { words: ['cooker', 'stove', 'jiko'], narrower: [] },
  { words: ['kettle', 'birika'], narrower: [] },
  { words: ['charger', 'chaja'], narrower: [] },
  { words: ['bicycle', 'bike', 'baiskeli'], narrower: [] },
  { words: ['blanket', 'blanketi'], narrower: [] },
  { words: ['curtain', 'curtains', 'pazia'], narrower: [] },
  { words: ['headphones', 'earphones', 'headset'], narrower: ['airpods'] },
  { words: ['speaker', 'spika'], narrower: [] },
];

async function rebuildProductSearch(db: Kysely<unknown>, withCodes: boolean): Promise<void> {
  const codes = withCodes
    ? sql` || setweight(to_tsvector('simple'::regconfig, course_codes_text(course_codes)), 'A')`
    : sql``;
  await sql`ALTER TABLE products DROP COLUMN search`.execute(db);
  await sql`
    ALTER TABLE products ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple'::regconfig, title), 'A') ||
      setweight(to_tsvector('simple'::regconfig, description), 'B') ||
      setweight(to_tsvector('simple'::regconfig, category), 'C')${codes}
    ) STORED`.execute(db);
  await sql`CREATE INDEX products_search_idx ON products USING gin (search)`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN course_codes text[] NOT NULL DEFAULT '{}'
    CONSTRAINT products_course_codes_max CHECK (cardinality(course_codes) <= 5)`.execute(db);
  await sql`CREATE INDEX products_course_codes_idx ON products USING gin (course_codes)`.execute(db);
  await sql`CREATE FUNCTION course_codes_text(codes text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(codes, ' ') $$`.execute(db);
  await rebuildProductSearch(db, true);

  await sql`CREATE TABLE search_synonyms (
    id serial PRIMARY KEY,
    words text[] NOT NULL CHECK (cardinality(words) >= 1),
    narrower text[] NOT NULL DEFAULT '{}',
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  for (const group of SEED) {
    await sql`INSERT INTO search_synonyms (words, narrower) VALUES (${group.words}, ${group.narrower})`.execute(
      db,
    );
  }

  await sql`CREATE TABLE search_words (word text PRIMARY KEY)`.execute(db);
  await sql`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)`.execute(db);
  await sql`CREATE FUNCTION search_words_of(title text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT DISTINCT w FROM regexp_split_to_table(lower(title), '[^[:alnum:]]+') AS w
      WHERE length(w) BETWEEN 3 AND 30 AND w !~ '^[0-9]+$'
    $$`.execute(db);
  await sql`INSERT INTO search_words (word)
    SELECT search_words_of(title) FROM products UNION SELECT search_words_of(name) FROM services
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`CREATE FUNCTION search_words_keep() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
        SELECT search_words_of(to_jsonb(NEW) ->> TG_ARGV[0])
        ON CONFLICT DO NOTHING;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER products_search_words AFTER INSERT OR UPDATE OF title ON products
    FOR EACH ROW EXECUTE FUNCTION search_words_keep('title')`.execute(db);
  await sql`CREATE TRIGGER services_search_words AFTER INSERT OR UPDATE OF name ON services
    FOR EACH ROW EXECUTE FUNCTION search_words_keep('name')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS products_search_words ON products`.execute(db);
  await sql`DROP TRIGGER IF EXISTS services_search_words ON services`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_words_keep()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_words_of(text)`.execute(db);
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
  await sql`DROP TABLE IF EXISTS search_synonyms`.execute(db);
  await rebuildProductSearch(db, false);
  await sql`DROP FUNCTION IF EXISTS course_codes_text(text[])`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS course_codes`.execute(db);
}
