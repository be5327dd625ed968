/**
 * Invariants of the seed's demo data, and the demo cover renderer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CARD_TITLE_LENGTH,
  CHAT_DESCRIPTION_LENGTH,
  PRODUCT_CATEGORIES,
  SERVICE_CATEGORIES,
  WHATSAPP_PATTERN,
} from '@campus/shared/constants';
import sharp from 'sharp';
import { coverSvg, hueFor, renderCoverImage } from '../src/seed/cover-images.ts';
import { DEMO_PRODUCTS, DEMO_SELLERS, DEMO_SERVICES, DEMO_SHOPS } from '../src/seed/demo-data.ts';

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

describe('demo data', () => {
  const sellerKeys = new Set(DEMO_SELLERS.map((seller) => seller.key));

  it('has about 16 sellers from at least 6 universities, with unique keys and e-mails', () => {
    assert.ok(DEMO_SELLERS.length >= 14, `${DEMO_SELLERS.length} sellers`);
    assert.equal(sellerKeys.size, DEMO_SELLERS.length);
    const emails = DEMO_SELLERS.map((seller) => seller.email.toLowerCase());
    assert.equal(new Set(emails).size, emails.length);
    for (const email of emails) assert.match(email, /^[a-z0-9.]+@([a-z]+\.)*example\.(com|org|net|ac\.ke)$/);
    assert.ok(new Set(DEMO_SELLERS.map((seller) => seller.university)).size >= 6);
    assert.ok(DEMO_SELLERS.some((seller) => seller.role === 'admin'));
    for (const seller of DEMO_SELLERS) {
      assert.ok(seller.firstName.trim() && seller.lastName.trim(), seller.key);
    }
  });

  it('uses fake WhatsApp and shop numbers of 254 + 9 digits, all different', () => {
    const numbers = [
      ...DEMO_SELLERS.map((seller) => seller.whatsApp),
      ...DEMO_SHOPS.map((shop) => shop.phone),
    ];
    for (const number of numbers) {
      assert.match(number, WHATSAPP_PATTERN);
      assert.match(
        number,
        /^254(7000000|7000001|1100000|1100001)\d{2}$/,
        `${number} is not in the fake ranges`,
      );
    }
    assert.equal(new Set(numbers).size, numbers.length);
  });

  it('has shops owned by existing sellers, one shop per owner, some without a cover', () => {
    assert.ok(DEMO_SHOPS.length >= 5);
    for (const shop of DEMO_SHOPS) {
      assert.ok(sellerKeys.has(shop.ownerKey), shop.ownerKey);
      assert.ok(shop.name && shop.description && shop.address);
      if (shop.coverHue !== null) assert.ok(shop.coverHue >= 0 && shop.coverHue <= 360);
    }
    assert.equal(new Set(DEMO_SHOPS.map((shop) => shop.ownerKey)).size, DEMO_SHOPS.length);
    assert.equal(new Set(DEMO_SHOPS.map((shop) => shop.key)).size, DEMO_SHOPS.length);
    assert.ok(DEMO_SHOPS.some((shop) => shop.coverHue === null));
  });

  it('has products in every category (at least 4 each) from existing sellers', () => {
    assert.ok(DEMO_PRODUCTS.length >= 60, `${DEMO_PRODUCTS.length} products`);
    for (const category of PRODUCT_CATEGORIES) {
      const count = DEMO_PRODUCTS.filter((product) => product.category === category).length;
      assert.ok(count >= 4, `${category}: ${count}`);
    }
    for (const product of DEMO_PRODUCTS) {
      assert.ok((PRODUCT_CATEGORIES as readonly string[]).includes(product.category), product.category);
      assert.ok(sellerKeys.has(product.sellerKey), product.sellerKey);
      assert.ok(
        product.price >= 0 && hasAtMostTwoDecimals(product.price),
        `${product.title}: ${product.price}`,
      );
      assert.ok(product.title.trim() && product.description.trim());
      assert.ok(Number.isInteger(product.daysAgo) && product.daysAgo >= 0);
    }
  });

  it('has services in every category from existing providers', () => {
    assert.ok(DEMO_SERVICES.length >= 30, `${DEMO_SERVICES.length} services`);
    for (const category of SERVICE_CATEGORIES) {
      assert.ok(
        DEMO_SERVICES.some((service) => service.category === category),
        category,
      );
    }
    for (const service of DEMO_SERVICES) {
      assert.ok((SERVICE_CATEGORIES as readonly string[]).includes(service.category), service.category);
      assert.ok(sellerKeys.has(service.providerKey), service.providerKey);
      assert.ok(
        service.price >= 0 && hasAtMostTwoDecimals(service.price),
        `${service.name}: ${service.price}`,
      );
      assert.ok(service.name.trim() && service.description.trim());
      assert.ok(Number.isInteger(service.daysAgo) && service.daysAgo >= 0);
    }
  });

  it('exercises the UI edge cases: long and short titles, long descriptions, no cover, sold', () => {
    const titles = DEMO_PRODUCTS.map((product) => product.title);
    assert.ok(titles.filter((title) => title.length > CARD_TITLE_LENGTH).length >= 10);
    assert.ok(titles.some((title) => title.length <= 8));
    const descriptions = [...DEMO_PRODUCTS, ...DEMO_SERVICES].map((item) => item.description.length);
    assert.ok(descriptions.filter((length) => length > CHAT_DESCRIPTION_LENGTH).length >= 5);
    assert.ok(descriptions.some((length) => length > 300));
    assert.ok(descriptions.some((length) => length < 40));
    const withoutCover = DEMO_PRODUCTS.filter((product) => !product.hasCover).length / DEMO_PRODUCTS.length;
    assert.ok(
      withoutCover >= 0.08 && withoutCover <= 0.18,
      `${(withoutCover * 100).toFixed(1)} % without cover`,
    );
    assert.ok(DEMO_PRODUCTS.some((product) => product.status === 'sold'));
    assert.ok(DEMO_SERVICES.some((service) => !service.hasCover));
  });
});

describe('cover images', () => {
  it('hueFor is stable and in 0..359', () => {
    assert.equal(hueFor('Jiko'), hueFor('Jiko'));
    assert.notEqual(hueFor('Jiko'), hueFor('Mkeka'));
    for (const product of DEMO_PRODUCTS) {
      const hue = hueFor(product.title);
      assert.ok(Number.isInteger(hue) && hue >= 0 && hue < 360);
    }
  });

  it('renders a decodable PNG of the default size, escaping XML in the title', async () => {
    const title = 'Tom & Jerry <special> "edition" it\'s';
    const svg = coverSvg({ title, subtitle: 'Books & more', hue: 200 });
    assert.ok(svg.includes('Tom &#38; Jerry &#60;special&#62;'));
    assert.ok(!svg.includes('<special>'));
    const png = await renderCoverImage({ title, subtitle: 'Books & more', hue: 200 });
    const meta = await sharp(png).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', 1200, 900]);
    const stats = await sharp(png).stats();
    assert.ok(
      stats.channels.some((channel) => channel.stdev > 5),
      'the picture is not a flat colour',
    );
  });

  it('renders the requested size, with long titles and no subtitle', async () => {
    const png = await renderCoverImage({ title: 'A '.repeat(200), hue: 725, width: 640, height: 480 });
    const meta = await sharp(png).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', 640, 480]);
  });

  it('refuses absurd sizes', async () => {
    await assert.rejects(renderCoverImage({ title: 'x', hue: 0, width: 0 }), RangeError);
    await assert.rejects(renderCoverImage({ title: 'x', hue: 0, height: 100_000 }), RangeError);
  });
});
