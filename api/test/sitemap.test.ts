/**
 * /sitemap.xml, /sitemap-<n>.xml and /robots.txt (docs/product.md §23.6) on a real database: public
 * item pages only (available products, services, shops) with absolute URLs from PUBLIC_URL, and
 * the sitemap index with paged files once the URLs exceed a page (a page size of 5 here).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { STATIC_SITEMAP_PATHS } from '../src/sitemap/service.ts';
import { insertProduct, insertService, insertShop, insertUser } from './fixtures.ts';
import { forEachEngine } from './helper.ts';

const PUBLIC_URL = 'https://soko.example.ac.ke';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

forEachEngine(
  'sitemap and robots.txt',
  (ctx) => {
    const ids: Record<string, string> = {};

    it('lists only the static pages on an empty site, as one urlset', async () => {
      const response = await ctx.app.inject('/sitemap.xml');
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^application\/xml/);
      assert.match(response.body, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
      assert.deepEqual(
        locs(response.body),
        STATIC_SITEMAP_PATHS.map((p) => PUBLIC_URL + p),
      );
      assert.equal((await ctx.app.inject('/sitemap-1.xml')).statusCode, 404);
    });

    it('pages the sitemap behind an index once the URLs pass a page; sold products stay out', async () => {
      const seller = await insertUser(ctx.app.db);
      const shop = await insertShop(ctx.app.db, { owner_id: seller.id });
      ids.available = (await insertProduct(ctx.app.db, { seller_id: seller.id, minutesAgo: 3 })).id;
      ids.sold = (
        await insertProduct(ctx.app.db, { seller_id: seller.id, status: 'sold', minutesAgo: 2 })
      ).id;
      ids.service = (await insertService(ctx.app.db, { provider_id: seller.id, minutesAgo: 1 })).id;
      ids.shop = shop.id;

      const index = await ctx.app.inject('/sitemap.xml');
      assert.equal(index.statusCode, 200);
      assert.match(index.body, /<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      // 7 static + 3 items = 10 URLs, 8 per file.
      assert.deepEqual(locs(index.body), [`${PUBLIC_URL}/sitemap-1.xml`, `${PUBLIC_URL}/sitemap-2.xml`]);

      const all: string[] = [];
      for (const page of [1, 2]) {
        const response = await ctx.app.inject(`/sitemap-${page}.xml`);
        assert.equal(response.statusCode, 200);
        assert.match(response.body, /<urlset /);
        all.push(...locs(response.body));
      }
      assert.equal(all.length, 10);
      assert.deepEqual(all.slice(7), [
        `${PUBLIC_URL}/products/${ids.available}`,
        `${PUBLIC_URL}/services/${ids.service}`,
        `${PUBLIC_URL}/shop/${ids.shop}`,
      ]);
      assert.ok(!all.some((loc) => loc.includes(ids.sold!)), 'a sold product is not in the sitemap');
      const page2 = (await ctx.app.inject('/sitemap-2.xml')).body;
      assert.match(page2, /<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);

      for (const url of ['/sitemap-3.xml', '/sitemap-0.xml', '/sitemap-x.xml']) {
        const response = await ctx.app.inject(url);
        assert.equal(response.statusCode, 404, url);
        assert.equal(JSON.parse(response.body).status, 'fail');
      }
    });

    it('serves robots.txt naming the sitemap and keeping crawlers out of private areas', async () => {
      const response = await ctx.app.inject('/robots.txt');
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain/);
      assert.match(response.body, /^User-agent: \*$/m);
      assert.match(response.body, /^Disallow: \/app$/m);
      assert.match(response.body, /^Disallow: \/api\/$/m);
      assert.match(response.body, new RegExp(`^Sitemap: ${PUBLIC_URL}/sitemap.xml$`, 'm'));
    });
  },
  { env: { PUBLIC_URL }, sitemapPageSize: 8 },
);
