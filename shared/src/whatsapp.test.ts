import { chatPath } from './contract';
import type { Product, Service, Shop } from './types';
import { chatLink, chatRoute, productChatLink, serviceChatLink, shopProductChatLink } from './whatsapp';

const origin = 'https://soko.example';

function decode(link: string): { number: string; text: string } {
  const url = new URL(link);
  return { number: url.pathname.slice(1), text: url.searchParams.get('text') ?? '' };
}

const longDescription = 'x'.repeat(150);

describe('productChatLink (§7)', () => {
  const product: Product = {
    _id: 'p1',
    title: 'HP EliteBook 840 G5',
    description: longDescription,
    price: 38000,
    coverImage: '/uploads/products/p1-1200.webp',
    shop: { name: 'Kahawa Gadgets', whatsApp: '254711000001' },
    seller: { firstName: 'Brian', whatsApp: '254722000002' },
  };

  it("goes to the shop's number and greets the shop", () => {
    const { number, text } = decode(productChatLink(product, origin));
    expect(number).toBe('254711000001');
    expect(text).toContain('Hello Kahawa Gadgets');
    expect(text).toContain('Product: HP EliteBook 840 G5');
    expect(text).toContain('Price: Kes 38,000.00');
    expect(text).toContain(`Description: ${'x'.repeat(100)}...`);
    expect(text).toContain('Image: https://soko.example/uploads/products/p1-1200.webp');
    expect(text).toContain('Link: https://soko.example/products/p1');
  });

  it("falls back to the seller's number and 'No image available'", () => {
    const { number, text } = decode(productChatLink({ ...product, shop: null, coverImage: null }, origin));
    expect(number).toBe('254722000002');
    expect(text).toContain('Hello Brian');
    expect(text).toContain('Image: No image available');
  });

  it('keeps short descriptions whole', () => {
    const { text } = decode(productChatLink({ ...product, description: 'Barely used' }, origin));
    expect(text).toContain('Description: Barely used\n');
  });
});

describe('serviceChatLink (§7)', () => {
  it("goes to the provider's number with the service name", () => {
    const service: Service = {
      _id: 's1',
      name: 'Calculus I tutoring',
      description: 'Weekly sessions',
      price: 500,
      provider: { firstName: 'Achieng', whatsApp: '254733000003' },
    };
    const { number, text } = decode(serviceChatLink(service, origin));
    expect(number).toBe('254733000003');
    expect(text).toContain('Hello Achieng');
    expect(text).toContain('Service: Calculus I tutoring');
    expect(text).toContain('Price: Kes 500.00');
    expect(text).toContain('Link: https://soko.example/services/s1');
  });
});

describe('shopProductChatLink (§2 "Shop details", §7)', () => {
  const shop: Shop = { _id: 'sh1', name: 'Dorm Deals', phone: '254744000004', owner: { whatsApp: null } };
  it('uses the shop phone when the owner has no number, greets the shop and asks to discuss further', () => {
    const { number, text } = decode(
      shopProductChatLink(shop, { _id: 'p2', title: 'Kettle', description: '', price: 1200 }, origin),
    );
    expect(number).toBe('254744000004');
    expect(text.startsWith('Hello Dorm Deals')).toBe(true);
    expect(text).toContain('Description: No description available');
    expect(text.trim().endsWith('Could we discuss further?')).toBe(true);
  });
  it("prefers the owner's WhatsApp number", () => {
    const link = shopProductChatLink(
      { ...shop, owner: { whatsApp: '254755000005' } },
      { _id: 'p2', title: 'Kettle', price: 1200 },
      origin,
    );
    expect(decode(link).number).toBe('254755000005');
  });
});

describe('chatLink', () => {
  it('strips non-digits from the number and encodes the text', () => {
    expect(chatLink('+254 711 000 001', 'a b&c')).toBe('https://wa.me/254711000001?text=a%20b%26c');
  });
});

describe('chatRoute (§20.6)', () => {
  it("is the API's counted chat path, the contract's chatPath", () => {
    expect(chatRoute('products', 'p 1')).toBe('/api/v1/products/p%201/chat');
    expect(chatRoute('shops', 'sh1', 'sp1')).toBe('/api/v1/shops/sh1/chat?product=sp1');
    for (const [kind, id, product] of [
      ['products', 'a1', undefined],
      ['services', 'b/2', undefined],
      ['shops', 'c3', 'd&4'],
    ] as const) {
      expect(chatRoute(kind, id, product)).toBe(chatPath(kind, id, product));
    }
  });
});
