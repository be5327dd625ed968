/**
 * docs/product.md §31 (ADR 0036): textbooks by course code (normalised spellings, the form's checks,
 * `?course=`, a code typed as words in the search box), synonyms kept as data (both ways, typed
 * words ranked first, an admin's edit effective without a restart, audited) and "Did you mean"
 * suggestions when a search finds nothing. PGlite, and PostgreSQL when DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { VALIDATION_MESSAGES } from '@campus/shared/validation-messages';
import { Redis } from 'ioredis';
import { COURSE_FILTER_MESSAGE } from '../src/catalog/listing.ts';
import { LocalTagVersions, RedisTagVersions, type TagVersions } from '../src/catalog/response-cache.ts';
import { searchRepository } from '../src/catalog/search-repository.ts';
import { searchService } from '../src/catalog/search-service.ts';
import { insertProduct, insertUser } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';
import { type Account, account, jpeg, sendForm } from './selling-helpers.ts';

const TEXTBOOKS = 'Textbooks and Study Materials';

interface Listed {
  _id: string;
  title: string;
  courseCodes: string[];
}
interface ListData {
  products: Listed[];
  totalProducts: number;
  suggestions?: string[];
}

forEachEngine('textbooks by course code', (ctx) => {
  let seller: Account;
  const list = async (query: string) => {
    const response = await ctx.app.inject(`/api/v1/products?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return json<{ data: ListData }>(response).data;
  };
  const textbook = async (values: Record<string, string>) =>
    sendForm(
      ctx.app,
      'POST',
      '/products',
      {
        title: 'Organic Chemistry notes',
        description: 'Complete notes for the semester, neatly written',
        price: '450',
        category: TEXTBOOKS,
        coverImage: await jpeg(),
        ...values,
      },
      seller,
    );

  before(async () => {
    seller = await account(ctx.app, { email: 'codes-seller@example.ac.ke' });
  });

  it('normalises every spelling of a code, drops duplicates and shows them on the product', async () => {
    const created = await textbook({ courseCodes: 'SCH 2101, sch2101; SCH-2101\nsma 2230' });
    assert.equal(created.statusCode, 201, created.body);
    const product = json(created).data.product as Listed;
    assert.deepEqual(product.courseCodes, ['SCH2101', 'SMA2230']);
    const detail = json(await ctx.app.inject(`/api/v1/products/${product._id}`)).data.product as Listed;
    assert.deepEqual(detail.courseCodes, ['SCH2101', 'SMA2230']);
  });

  it('refuses a code in the wrong format, more than 5 codes, and codes outside the textbooks category', async () => {
    for (const bad of ['S 21', 'SCHEM 2101', 'SCH 21010', '2101 SCH']) {
      const answer = await textbook({ courseCodes: bad });
      assert.equal(answer.statusCode, 400, bad);
      assert.equal(json(answer).errors.courseCodes, VALIDATION_MESSAGES.courseCodeInvalid(bad));
    }
    const six = await textbook({ courseCodes: 'SCH 2101, SMA 2230, PHY 110, BIO 1201, CHE 220, ECO 101' });
    assert.equal(six.statusCode, 400);
    assert.equal(json(six).errors.courseCodes, VALIDATION_MESSAGES.courseCodesTooMany);
    const phone = await textbook({ category: 'Electronics', courseCodes: 'SCH 2101' });
    assert.equal(phone.statusCode, 400);
    assert.equal(json(phone).errors.courseCodes, VALIDATION_MESSAGES.courseCodesTextbooksOnly);
  });

  it('edits the codes, and a product moved out of textbooks loses them', async () => {
    const created = json(await textbook({ title: 'Calculus II past papers', courseCodes: 'SMA 2230' })).data
      .product as Listed;
    const edited = await sendForm(
      ctx.app,
      'PATCH',
      `/products/${created._id}`,
      { courseCodes: 'sma-2231' },
      seller,
    );
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual((json(edited).data.product as Listed).courseCodes, ['SMA2231']);
    const moved = await sendForm(ctx.app, 'PATCH', `/products/${created._id}`, { category: 'other' }, seller);
    assert.deepEqual((json(moved).data.product as Listed).courseCodes, []);
  });

  it('filters the list with ?course= in any spelling, and answers 400 for a bad code', async () => {
    for (const spelling of ['SCH2101', 'sch-2101', 'sch%202101']) {
      const data = await list(`course=${spelling}`);
      assert.deepEqual(
        data.products.map((p) => p.title),
        ['Organic Chemistry notes'],
        spelling,
      );
    }
    assert.equal((await list('course=SCH2102')).totalProducts, 0);
    const bad = await ctx.app.inject('/api/v1/products?course=chemistry');
    assert.equal(bad.statusCode, 400);
    assert.equal(json(bad).message, COURSE_FILTER_MESSAGE);
    assert.equal(json(bad).errors.course, COURSE_FILTER_MESSAGE);
  });

  it('finds a code typed in the search box, as one word or as two', async () => {
    for (const typed of ['sch 2101', 'SCH2101', 'SCH-2101', 'sch2101 notes']) {
      const data = await list(`search=${encodeURIComponent(typed)}`);
      assert.deepEqual(
        data.products.map((p) => p.title),
        ['Organic Chemistry notes'],
        typed,
      );
    }
  });
});

forEachEngine('search synonyms and suggestions', (ctx) => {
  let admin: Account;
  let student: Account;
  const titles = async (search: string) => {
    const response = await ctx.app.inject(`/api/v1/products?search=${encodeURIComponent(search)}`);
    assert.equal(response.statusCode, 200, response.body);
    return (json(response).data as ListData).products.map((p) => p.title);
  };

  before(async () => {
    const db = ctx.app.db;
    const seller = await insertUser(db, { email: 'synonyms-seller@example.ac.ke' });
    const items: [string, string][] = [
      ['HP EliteBook 840', 'Core i5, 8 GB RAM, 256 GB SSD'],
      ['Laptop stand', 'Aluminium, adjustable height'],
      ['iPhone 12 64GB', 'Battery health 88%'],
      ['Tecno phone Spark 10', 'Dual SIM, with charger'],
      ['Simu ya kubonyeza', 'Inadumu na chaji wiki nzima'],
      ['Godoro la inchi sita', 'Safi, limetumika mwaka mmoja'],
      ['Garden hoe', 'Strong handle'],
    ];
    for (const [index, [title, description]] of items.entries()) {
      await insertProduct(db, { seller_id: seller.id, title, description, minutesAgo: index + 1 });
    }
    admin = await account(ctx.app, { email: 'synonyms-admin@example.ac.ke', role: 'admin' });
    student = await account(ctx.app, { email: 'synonyms-student@example.ac.ke' });
  });

  it('laptop finds the EliteBook, after the listing with the typed word', async () => {
    assert.deepEqual(await titles('laptop'), ['Laptop stand', 'HP EliteBook 840']);
  });

  it('works both ways: notebook finds laptops, phone finds simu, simu finds phones', async () => {
    assert.deepEqual(await titles('notebook'), ['HP EliteBook 840', 'Laptop stand']);
    assert.deepEqual(await titles('phone'), ['Tecno phone Spark 10', 'iPhone 12 64GB', 'Simu ya kubonyeza']);
    // Typed word first; then by ts_rank of the expansion ("Tecno phone" matches two synonyms).
    assert.deepEqual(await titles('simu'), ['Simu ya kubonyeza', 'Tecno phone Spark 10', 'iPhone 12 64GB']);
    assert.deepEqual(await titles('mattress'), ['Godoro la inchi sita']);
  });

  it('keeps a brand narrower: iphone does not find every phone', async () => {
    assert.deepEqual(await titles('iphone'), ['iPhone 12 64GB']);
  });

  it('lets only admins read and replace the synonyms', async () => {
    const guest = await ctx.app.inject('/api/v1/admin/synonyms');
    assert.equal(guest.statusCode, 401);
    const notAdmin = await ctx.app.inject({ url: '/api/v1/admin/synonyms', headers: student.auth });
    assert.equal(notAdmin.statusCode, 403);
    const read = await ctx.app.inject({ url: '/api/v1/admin/synonyms', headers: admin.auth });
    assert.equal(read.statusCode, 200);
    const groups = json(read).data.groups as { words: string[]; narrower: string[] }[];
    assert.ok(groups.some((group) => group.words.includes('laptop') && group.narrower.includes('elitebook')));
  });

  it("applies an admin's edit to the next search without a restart, with an audit row", async () => {
    assert.deepEqual(await titles('jembe'), []);
    const read = json(await ctx.app.inject({ url: '/api/v1/admin/synonyms', headers: admin.auth })).data
      .groups as { words: string[]; narrower: string[] }[];
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/synonyms',
      headers: admin.auth,
      payload: { groups: [...read, { words: ['Jembe', ' hoe '], narrower: [] }] },
    });
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual((json(put).data.groups as { words: string[] }[]).at(-1)?.words, ['jembe', 'hoe']);
    assert.deepEqual(await titles('jembe'), ['Garden hoe']);
    const audit = await ctx.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'synonyms')
      .execute();
    assert.deepEqual(audit, [{ action: 'synonyms_update', actor_id: admin.user.id }]);

    const empty = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/synonyms',
      headers: admin.auth,
      payload: { groups: [{ words: ['!!!'], narrower: [] }] },
    });
    assert.equal(empty.statusCode, 400);
    assert.deepEqual(await titles('jembe'), ['Garden hoe'], 'a refused edit changes nothing');
  });

  it('an edit made by another process reaches this one through the shared synonyms version (Redis when REDIS_URL is set)', async () => {
    const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
    const prefix = `campus-test-${randomBytes(4).toString('hex')}:`;
    const local = new LocalTagVersions();
    const versions = (): TagVersions => (redis ? new RedisTagVersions(redis, prefix) : local);
    try {
      const repository = searchRepository(ctx.app.db);
      const one = searchService(repository, { versions: versions() });
      const two = searchService(repository, { versions: versions() });
      const groups = await one.groups();
      assert.deepEqual((await one.synonyms()).expand('ndoo'), []);
      await two.replaceSynonyms(admin.user.id, [...groups, { words: ['ndoo', 'bucket'], narrower: [] }]);
      assert.deepEqual((await one.synonyms()).expand('ndoo'), ['bucket']);
      await two.replaceSynonyms(admin.user.id, groups);
      assert.deepEqual((await one.synonyms()).expand('ndoo'), []);
    } finally {
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
    }
  });

  it('suggests the nearest words that have listings when a search finds nothing', async () => {
    const response = await ctx.app.inject('/api/v1/products?search=elitbok%20xyzzy');
    const data = json(response).data as ListData;
    assert.equal(data.totalProducts, 0);
    assert.deepEqual(data.suggestions?.[0], 'elitebook');
    const found = json(await ctx.app.inject('/api/v1/products?search=laptop')).data as ListData;
    assert.equal(found.suggestions, undefined);
  });
});

describe('parseSearch never lets an operator through', () => {
  it('expands only letters and digits', async () => {
    const { parseSearch, SynonymMap } = await import('../src/catalog/search.ts');
    const map = new SynonymMap([{ words: ['a&b', 'c|d'], narrower: ["e'):*"] }]);
    const terms = parseSearch("a&b !x' sch 2101", map);
    assert.ok(terms);
    assert.match(terms.tsquery, /^[\p{L}\p{N}:*&| ()]+$/u);
    assert.equal(terms.typed, 'a:* & b:* & x:* & sch:* & 2101:*');
  });
});
