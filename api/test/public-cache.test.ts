/**
 * The response cache behind the public catalog routes (`catalog/response-cache.ts`), on each
 * engine: one entry per normalized query, one load for concurrent misses, a 304 without a load,
 * every write through the API visible at once (products, services, shops, profiles, signups), and
 * the list totals agreeing with the count routes and across pages.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { insertProduct } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';
import { type Account, account, jpeg, sendForm } from './selling-helpers.ts';

interface ProductList {
  products: { _id: string; title: string; shop: { name: string } | null; seller: { firstName: string } }[];
  totalProducts: number;
  totalPages: number;
}

forEachEngine('public answers cache', (ctx) => {
  let seller: Account;
  let shopId: string;

  const get = async (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: `/api/v1${url}`, headers });
  const data = async <T>(url: string): Promise<T> => {
    const response = await get(url);
    assert.equal(response.statusCode, 200, response.body);
    return json(response).data as T;
  };
  const results = async (url: string): Promise<number> => {
    const response = await get(url);
    assert.equal(response.statusCode, 200, response.body);
    return json(response).results as number;
  };
  const loads = () => ctx.app.responseCache.stats.loads;
  const createProduct = async (title: string) => {
    const response = await sendForm(
      ctx.app,
      'POST',
      '/products',
      {
        title,
        description: 'Used for one semester.',
        price: '2500',
        category: 'Electronics',
        coverImage: await jpeg(64, 48),
      },
      seller,
    );
    assert.equal(response.statusCode, 201, response.body);
    return json(response).data.product._id as string;
  };

  before(async () => {
    seller = await account(ctx.app, { first_name: 'Achieng' });
    const shop = await sendForm(ctx.app, 'POST', '/shops', { name: 'Achieng Gadgets' }, seller);
    assert.equal(shop.statusCode, 201, shop.body);
    shopId = json(shop).data.shop._id;
    await createProduct('Dell monitor 24 inch');
  });

  it('keeps one entry per normalized query, and a 304 from it runs no load', async () => {
    const first = await get('/products');
    const after = loads();
    for (const spelling of [
      '/products?page=1&limit=20',
      '/products?limit=20&search=%20%20',
      '/products?category=',
    ]) {
      const again = await get(spelling);
      assert.equal(again.body, first.body, spelling);
    }
    const revalidated = await get('/products?page=1', { 'if-none-match': String(first.headers.etag) });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(loads(), after, 'answered from the cache');
    await get('/products?search=MONITOR');
    await get('/products?search=monitor');
    assert.equal(loads(), after + 1, 'search words are normalized');
  });

  it('runs one load for concurrent misses of the same query', async () => {
    const before = loads();
    const answers = await Promise.all(Array.from({ length: 30 }, () => get('/products?search=dell&limit=5')));
    assert.deepEqual(new Set(answers.map((answer) => answer.statusCode)), new Set([200]));
    assert.equal(new Set(answers.map((answer) => answer.body)).size, 1);
    assert.equal(loads(), before + 1);
  });

  it('shows a product written through the API at once: list, count, shop page, totals', async () => {
    const list = await data<ProductList>('/products');
    const count = await results('/products/get-products-count');
    const shopProducts = (await data<{ products: unknown[] }>(`/shops/${shopId}/products`)).products.length;
    const electronics = (await data<ProductList>('/products?category=Electronics')).totalProducts;
    assert.equal(list.totalProducts, count);

    const id = await createProduct('HP EliteBook 840');
    const fresh = await data<ProductList>('/products');
    assert.equal(fresh.products[0]?._id, id);
    assert.equal(fresh.totalProducts, list.totalProducts + 1);
    assert.equal(await results('/products/get-products-count'), count + 1);
    assert.equal(
      (await data<{ products: unknown[] }>(`/shops/${shopId}/products`)).products.length,
      shopProducts + 1,
    );
    assert.equal((await data<ProductList>('/products?category=Electronics')).totalProducts, electronics + 1);

    const sold = await sendForm(ctx.app, 'PATCH', `/products/${id}`, { status: 'sold' }, seller);
    assert.equal(sold.statusCode, 200, sold.body);
    assert.equal((await data<ProductList>('/products')).totalProducts, list.totalProducts);
    assert.equal(await results('/products/get-products-count'), count);
    assert.equal(
      (await data<{ products: unknown[] }>(`/shops/${shopId}/products`)).products.length,
      shopProducts,
    );

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${id}`,
      headers: seller.auth,
    });
    assert.equal(deleted.statusCode, 204);
  });

  it('gives every page of a filter the same total as the count, until invalidate() after a write around the API', async () => {
    const page1 = await data<ProductList>('/products?limit=1');
    assert.equal(page1.totalProducts, await results('/products/get-products-count'));
    await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Written by another process' });
    // Cached answers and cached totals agree: a page not cached yet takes the cached total.
    const page2 = await data<ProductList>('/products?limit=1&page=2');
    assert.equal((await data<ProductList>('/products?limit=1')).totalProducts, page1.totalProducts);
    assert.equal(page2.totalProducts, page1.totalProducts);
    assert.equal(await results('/products/get-products-count'), page1.totalProducts);

    ctx.app.products.invalidate();
    const fresh = await data<ProductList>('/products?limit=1');
    assert.equal(fresh.products[0]?.title, 'Written by another process');
    assert.equal(fresh.totalProducts, page1.totalProducts + 1);
    assert.equal((await data<ProductList>('/products?limit=1&page=2')).totalProducts, fresh.totalProducts);
    assert.equal(await results('/products/get-products-count'), fresh.totalProducts);
  });

  it('shows shop and profile changes at once in the lists and the shop page', async () => {
    await data<ProductList>('/products');
    await data(`/shops/${shopId}`);
    const renamed = await sendForm(
      ctx.app,
      'PATCH',
      `/shops/${shopId}`,
      { name: 'Achieng Electronics' },
      seller,
    );
    assert.equal(renamed.statusCode, 200, renamed.body);
    const mine = (await data<ProductList>('/products')).products.find(
      (p) => p.title === 'Dell monitor 24 inch',
    );
    assert.equal(mine?.shop?.name, 'Achieng Electronics');
    assert.equal((await data<{ name: string }>(`/shops/${shopId}`)).name, 'Achieng Electronics');

    const profile = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/updateMe',
      headers: seller.auth,
      payload: { firstName: 'Akinyi' },
    });
    assert.equal(profile.statusCode, 200, profile.body);
    const list = await data<ProductList>('/products');
    assert.ok(list.products.some((p) => p.seller.firstName === 'Akinyi'));
    assert.ok(!list.products.some((p) => p.seller.firstName === 'Achieng'));
    assert.equal(
      (await data<{ owner: { firstName: string } }>(`/shops/${shopId}`)).owner.firstName,
      'Akinyi',
    );
  });

  it('shows a service written through the API at once in its list and count', async () => {
    const total = (await data<{ totalServices: number }>('/services')).totalServices;
    const count = await results('/services/get-services-count');
    const created = await sendForm(
      ctx.app,
      'POST',
      '/services',
      {
        name: 'Laptop repair',
        description: 'Screens, keyboards and batteries.',
        price: '500',
        category: 'Tech Repair and IT Support',
        coverImage: await jpeg(64, 48),
      },
      seller,
    );
    assert.equal(created.statusCode, 201, created.body);
    assert.equal((await data<{ totalServices: number }>('/services')).totalServices, total + 1);
    assert.equal(await results('/services/get-services-count'), count + 1);
  });

  it('counts a signup at once and keeps the product lists cached', async () => {
    const users = await results('/users/usersCount');
    await get('/products');
    const before = loads();
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        firstName: 'Njeri',
        lastName: 'Mwangi',
        email: `signup-${Date.now()}@students.example.com`,
        whatsApp: '254712345670',
        university: 'University of Nairobi',
        password: 'Mango-Tree-42',
        passwordConfirm: 'Mango-Tree-42',
      },
    });
    assert.equal(signup.statusCode, 201, signup.body);
    assert.equal(await results('/users/usersCount'), users + 1);
    await get('/products');
    assert.equal(loads(), before + 1, 'only the count was loaded again');
  });
});
