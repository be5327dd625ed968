/**
 * Migration 0005: the category's words become searchable with the lowest weight (C), so a student
 * typing `text` finds the items of 'Textbooks and Study Materials' even when their titles say
 * "Engineering Mathematics, 7th ed." (docs/product.md §11: "prefix matching as the user types, e.g. `text`
 * finds `Textbooks`"). Title (A) and description (B) still rank first.
 *
 * A stored generated column cannot be altered in place: it is dropped and re-added (which drops
 * and is followed by re-creating its GIN index). PostgreSQL 15 and PGlite alike.
 */
import { type Kysely, sql } from 'kysely';

async function rebuildSearch(
  db: Kysely<unknown>,
  table: 'products' | 'services',
  nameColumn: 'title' | 'name',
  withCategory: boolean,
) {
  const name = sql.ref(nameColumn);
  const category = withCategory ? sql` || setweight(to_tsvector('simple'::regconfig, category), 'C')` : sql``;
  await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN search`.execute(db);
  await sql`
    ALTER TABLE ${sql.table(table)} ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple'::regconfig, ${name}), 'A') ||
      setweight(to_tsvector('simple'::regconfig, description), 'B')${category}
    ) STORED`.execute(db);
  await sql`CREATE INDEX ${sql.raw(`${table}_search_idx`)} ON ${sql.table(table)} USING gin (search)`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildSearch(db, 'products', 'title', true);
  await rebuildSearch(db, 'services', 'name', true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuildSearch(db, 'products', 'title', false);
  await rebuildSearch(db, 'services', 'name', false);
}
