/**
 * Saved searches found by indexed terms (docs/product.md §30; ADR 0035 "Indexed terms";
 * migration 0023): the terms written with a saved search (course code, word, trigrams, kind and
 * category), gone with it, rewritten by an edit; and matching through the index finds exactly
 * what evaluating every saved search with the list's own conditions finds — words, prefixes,
 * synonyms both ways, phrases, course codes typed as words, typos, price band, condition,
 * campus, verified-only — on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { listConditions } from '../src/catalog/repository.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { storedFilter, trigramsNeeded } from '../src/saved-searches/index-terms.ts';
import { insertProduct, insertService } from './fixtures.ts';
import { buildTestApp, ENGINES, json } from './helper.ts';
import { type Account, account } from './selling-helpers.ts';

describe('trigramsNeeded', () => {
  it('stores enough trigrams that a title reaching word_similarity 0.6 holds one of them', () => {
    // "laptop": 7 trigrams, a match holds at least 5 of them, so any 3 include one it holds.
    assert.equal(trigramsNeeded(7), 3);
    assert.equal(trigramsNeeded(5), 3);
    assert.equal(trigramsNeeded(10), 5);
    assert.equal(trigramsNeeded(1), 1);
    assert.equal(trigramsNeeded(0), 0);
  });
});

describe('migration 0023', () => {
  it('backfills the filter columns and terms of the saved searches made before it', async () => {
    const handle = await createDatabase({ engine: 'pglite', dataDir: null });
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0023'));
      await migrateToLatest(handle.db, before);
      const user = await handle.db
        .insertInto('users')
        .values({
          email: 'old@students.example.ac.ke',
          first_name: 'Old',
          last_name: 'Search',
          whatsapp: '254700000001',
          university: 'University of Nairobi',
          password_hash: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const insert = (filters: Record<string, unknown>) =>
        sql<{
          id: string;
        }>`INSERT INTO saved_searches (user_id, kind, name, filters, alert, category, min_price, max_price)
          VALUES (${user.id}, 'products', 'old', ${JSON.stringify(filters)}::jsonb, 'instant', null, null, null)
          RETURNING id`.execute(handle.db);
      const [code, word, broad] = [
        (await insert({ course: 'SCH2101', condition: 'good' })).rows[0]?.id,
        (await insert({ search: 'laptop', university: 'Kenyatta University', verifiedOnly: true })).rows[0]
          ?.id,
        (await insert({ category: 'Electronics', maxPrice: 9000 })).rows[0]?.id,
      ];
      await migrateToLatest(handle.db);
      const terms = await handle.db
        .selectFrom('saved_search_terms')
        .select(['saved_search_id', 'term'])
        .where('term', 'not like', 't:%')
        .execute();
      const of = (id: string | undefined) =>
        terms.filter((row) => row.saved_search_id === id).map((row) => row.term);
      assert.deepEqual(of(code), ['c:SCH2101']);
      assert.deepEqual(of(word), ['w:laptop']);
      assert.deepEqual(of(broad), ['k:products:Electronics']);
      const rows = await handle.db
        .selectFrom('saved_searches')
        .select(['id', 'condition', 'course', 'university', 'verified_only', 'category', 'max_price'])
        .orderBy('created_at')
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      assert.equal(byId.get(code as string)?.course, 'SCH2101');
      assert.equal(byId.get(code as string)?.condition, 'good');
      assert.equal(byId.get(word as string)?.university, 'Kenyatta University');
      assert.equal(byId.get(word as string)?.verified_only, true);
      assert.equal(byId.get(broad as string)?.category, 'Electronics');
      assert.equal(Number(byId.get(broad as string)?.max_price), 9000);
    } finally {
      await handle.destroy();
    }
  });
});

for (const engine of ENGINES) {
  describe(`saved-search terms [${engine}]`, () => {
    let app: FastifyInstance;
    before(async () => {
      app = await buildTestApp(engine, { savedSearchAlerts: { pollMs: 3_600_000 } });
    });
    after(async () => {
      await app?.close();
    });

    const save = async (who: Account, filters: Record<string, unknown>, kind = 'products') => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/saved-searches',
        headers: who.auth,
        payload: { name: 'A search', kind, alert: 'off', filters },
      });
      assert.equal(response.statusCode, 201, response.body);
      return json(response).data.savedSearch._id as string;
    };
    const termsOf = async (id: string) =>
      (
        await app.db
          .selectFrom('saved_search_terms')
          .select('term')
          .where('saved_search_id', '=', id)
          .orderBy('term')
          .execute()
      ).map((row) => row.term);
    /** The saved searches among `among` (the test's own) that matched the listing. */
    const matchesOf = async (listingId: string, among: string[]) =>
      (
        await app.db
          .selectFrom('saved_search_matches')
          .select('saved_search_id')
          .where('listing_id', '=', listingId)
          .where('saved_search_id', 'in', among)
          .execute()
      )
        .map((row) => row.saved_search_id)
        .sort();

    it('stores a saved search under its course code, one word and some trigrams, or its kind and category; deleting removes them; an edit rewrites them', async () => {
      const buyer = await account(app);
      const byCode = await save(buyer, { course: 'sch-2101', search: 'organic chemistry' });
      assert.deepEqual(await termsOf(byCode), ['c:SCH2101']);
      const byWords = await save(buyer, { search: 'Scientific calculator', maxPrice: 3000 });
      const terms = await termsOf(byWords);
      const words = terms.filter((term) => term.startsWith('w:'));
      assert.equal(words.length, 1);
      assert.ok(['w:scientific', 'w:calculator'].includes(words[0] as string), String(words));
      const { rows } = await sql<{ n: number }>`
        SELECT cardinality(show_trgm('scientific calculator'))::int AS n`.execute(app.db);
      assert.equal(terms.filter((term) => term.startsWith('t:')).length, trigramsNeeded(rows[0]?.n ?? 0));
      const row = await app.db
        .selectFrom('saved_searches')
        .select(['max_price', 'course', 'category'])
        .where('id', '=', byWords)
        .executeTakeFirstOrThrow();
      assert.equal(Number(row.max_price), 3000);
      const broad = await save(buyer, { category: 'Electronics', condition: 'good' });
      assert.deepEqual(await termsOf(broad), ['k:products:Electronics']);
      const everything = await save(buyer, {});
      assert.deepEqual(await termsOf(everything), ['k:products:*']);
      const service = await save(buyer, { search: 'tutor' }, 'services');
      assert.ok((await termsOf(service)).includes('w:tutor'));

      // An edit (here a rename) rewrites the terms in its transaction.
      await app.db.deleteFrom('saved_search_terms').where('saved_search_id', '=', byCode).execute();
      assert.deepEqual(await termsOf(byCode), []);
      const renamed = await app.inject({
        method: 'PATCH',
        url: `/api/v1/saved-searches/${byCode}`,
        headers: buyer.auth,
        payload: { name: 'Chemistry' },
      });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.deepEqual(await termsOf(byCode), ['c:SCH2101']);

      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/saved-searches/${byWords}`,
        headers: buyer.auth,
      });
      assert.equal(deleted.statusCode, 204);
      assert.deepEqual(await termsOf(byWords), []);
    });

    it('matches a course code, a word, a prefix, a synonym both ways and a typo through the index', async () => {
      const buyer = await account(app);
      const seller = await account(app);
      const code = await save(buyer, { course: 'SCH 2101' });
      const codeAsWords = await save(buyer, { search: 'sch 2101' });
      const laptop = await save(buyer, { search: 'laptop' });
      const notebook = await save(buyer, { search: 'notebook' });
      const prefix = await save(buyer, { search: 'eliteb' });
      const typo = await save(buyer, { search: 'calculater' });
      const phone = await save(buyer, { search: 'simu' });
      const live = async (values: Omit<Parameters<typeof insertProduct>[1], 'seller_id'>) => {
        const product = await insertProduct(app.db, { seller_id: seller.user.id, ...values });
        await app.savedSearchAlerts.listingLive('products', product.id);
        return product.id;
      };
      const textbook = await live({
        title: 'Organic chemistry notes',
        category: 'Textbooks and Study Materials',
        course_codes: ['SCH2101'],
      });
      const elitebook = await live({ title: 'HP EliteBook 840 G3', category: 'Electronics' });
      const lenovo = await live({ title: 'Lenovo laptop, 8 GB', category: 'Electronics' });
      const calculator = await live({ title: 'Scientific calculator', category: 'Electronics' });
      const iphone = await live({ title: 'iPhone 12', category: 'Electronics' });
      await app.savedSearchAlerts.drain();
      const mine = [code, codeAsWords, laptop, notebook, prefix, typo, phone];
      assert.deepEqual(await matchesOf(textbook, mine), [code, codeAsWords].sort());
      assert.deepEqual(await matchesOf(elitebook, mine), [laptop, notebook, prefix].sort());
      assert.deepEqual(await matchesOf(lenovo, mine), [laptop, notebook].sort());
      assert.deepEqual(await matchesOf(calculator, mine), [typo]);
      assert.deepEqual(await matchesOf(iphone, mine), [phone]);
    });

    it('finds exactly what evaluating every saved search with the list conditions finds', async () => {
      const sellers = [
        await account(app, { university: 'Kenyatta University', verified_student: true }),
        await account(app, { university: 'University of Nairobi' }),
      ];
      const filtersList: { kind?: 'products' | 'services'; filters: Record<string, unknown> }[] = [
        { filters: { search: 'laptop' } },
        { filters: { search: 'notebook', maxPrice: 30000 } },
        { filters: { search: 'lapt' } },
        { filters: { search: 'hp' } },
        { filters: { search: 'elitebook 840' } },
        { filters: { search: 'calculater' } },
        { filters: { search: 'calculator', minPrice: 1300 } },
        { filters: { search: 'sch 2101' } },
        { filters: { course: 'SCH2101' } },
        { filters: { course: 'sch-2102', verifiedOnly: true } },
        { filters: { search: 'gas cylinder' } },
        { filters: { search: 'meko' } },
        { filters: { search: 'phone' } },
        { filters: { search: 'iphone' } },
        { filters: { search: 'fridge', maxPrice: 20000 } },
        { filters: { search: 'refrigerator' } },
        { filters: { category: 'Electronics' } },
        { filters: { category: 'Electronics', minPrice: 10000 } },
        { filters: {} },
        { filters: { maxPrice: 500 } },
        { filters: { verifiedOnly: true } },
        { filters: { university: 'University of Nairobi' } },
        { filters: { condition: 'good' } },
        { filters: { search: 'used', condition: 'like_new' } },
        { filters: { search: 'tv' } },
        { filters: { search: 'television' } },
        { filters: { search: 'chemistry textbook' } },
        { filters: { search: 'organic chem', category: 'Textbooks and Study Materials' } },
        { filters: { search: 'mattres' } },
        { filters: { search: 'godoro' } },
        { filters: { search: 'a' } },
        { filters: { search: 'kitanda' } },
        { filters: { search: '2101' } },
        { filters: { search: 'samsung galaxy' } },
        { filters: { search: 'lamp', university: 'Kenyatta University' } },
        { kind: 'services', filters: { search: 'tutor' } },
        { kind: 'services', filters: { category: 'Tutoring and Academic Support' } },
        { kind: 'services', filters: { search: 'maths', verifiedOnly: true } },
      ];
      const saved: {
        id: string;
        user: string;
        kind: 'products' | 'services';
        filters: Record<string, unknown>;
      }[] = [];
      let buyer = await account(app);
      for (const [index, entry] of filtersList.entries()) {
        if (index % 15 === 14) buyer = await account(app);
        const kind = entry.kind ?? 'products';
        const id = await save(buyer, entry.filters, kind);
        saved.push({ id, user: buyer.user.id, kind, filters: entry.filters });
      }
      // The sellers' own saved searches must never match their own listings.
      const own = await save(sellers[0] as Account, { search: 'laptop' });
      saved.push({
        id: own,
        user: (sellers[0] as Account).user.id,
        kind: 'products',
        filters: { search: 'laptop' },
      });

      const [a, b] = sellers as [Account, Account];
      const products: Omit<Parameters<typeof insertProduct>[1], 'seller_id'>[] = [
        { title: 'HP EliteBook 840 G3', category: 'Electronics', price: 35000, condition: 'good' },
        {
          title: 'Lenovo notebook, barely used',
          category: 'Electronics',
          price: 28000,
          condition: 'like_new',
        },
        { title: 'Scientific calculator', category: 'Electronics', price: 1500 },
        { title: 'Casio calculater fx-991', category: 'Electronics', price: 1200 },
        {
          title: 'Organic Chemistry textbook',
          category: 'Textbooks and Study Materials',
          price: 800,
          course_codes: ['SCH2101'],
        },
        {
          title: 'Physics notes',
          category: 'Textbooks and Study Materials',
          price: 300,
          course_codes: ['SCH2102', 'PHY1101'],
        },
        { title: 'Meko 6kg with burner', category: 'Kitchen Appliances', price: 2500 },
        { title: 'Samsung Galaxy A12', category: 'Electronics', price: 9000, description: 'A used phone.' },
        { title: 'iPhone 12 Pro', category: 'Electronics', price: 60000 },
        { title: 'Mini fridge 90 litres', category: 'Kitchen Appliances', price: 12500 },
        { title: 'Television 32 inch', category: 'Electronics', price: 14000 },
        { title: 'Godoro 4x6', category: 'Dorm Room Essentials', price: 3000 },
        { title: 'Wooden kitanda', category: 'Dorm Room Essentials', price: 5000 },
        {
          title: 'Desk lamp',
          category: 'Dorm Room Essentials',
          price: 450,
          description: 'Matress not included',
        },
        { title: 'Gas cylinder, full', category: 'Kitchen Appliances', price: 3200 },
      ];
      const listings: { id: string; kind: 'products' | 'services'; owner: string }[] = [];
      for (const [index, values] of products.entries()) {
        const seller = index % 2 === 0 ? a : b;
        const row = await insertProduct(app.db, { seller_id: seller.user.id, ...values });
        listings.push({ id: row.id, kind: 'products', owner: seller.user.id });
      }
      for (const [index, name] of ['Maths tutor for first years', 'Laptop repair'].entries()) {
        const seller = index % 2 === 0 ? a : b;
        const row = await insertService(app.db, {
          provider_id: seller.user.id,
          name,
          category: index === 0 ? 'Tutoring and Academic Support' : 'Tech Repair and IT Support',
        });
        listings.push({ id: row.id, kind: 'services', owner: seller.user.id });
      }
      for (const listing of listings) await app.savedSearchAlerts.listingLive(listing.kind, listing.id);
      await app.savedSearchAlerts.drain();

      // The oracle: every saved search of the listing's kind, its whole filter as the list's
      // own conditions (full text with the synonyms, or the trigram match), not the owner's own.
      const synonyms = await app.catalogSearch.synonyms();
      let total = 0;
      for (const listing of listings) {
        const searches = saved.filter(
          (search) => search.kind === listing.kind && search.user !== listing.owner,
        );
        const [title, owner] = listing.kind === 'products' ? ['title', 'seller_id'] : ['name', 'provider_id'];
        const tests = searches.map((search) => {
          const filter = storedFilter(search.kind, search.filters, synonyms);
          assert.ok(filter);
          const and = (mode: 'none' | 'fts' | 'trigram') =>
            sql`(${sql.join(listConditions(filter, mode, 'l', title, owner), sql` AND `)})`;
          if (!filter.search) return and('none');
          return filter.search.trigram ? sql`(${and('fts')} OR ${and('trigram')})` : and('fts');
        });
        const result = await sql<{ hits: boolean[] }>`
          SELECT ARRAY[${sql.join(tests)}]::boolean[] AS hits
          FROM ${sql.table(listing.kind)} l WHERE l.id = ${listing.id}`.execute(app.db);
        const expected = searches
          .filter((_, index) => result.rows[0]?.hits[index])
          .map((search) => search.id)
          .sort();
        total += expected.length;
        const ids = saved.map((search) => search.id);
        assert.deepEqual(await matchesOf(listing.id, ids), expected, `listing ${listing.id}`);
      }
      assert.ok(total > 40, `the oracle found ${total} matches`);
    });
  });
}
