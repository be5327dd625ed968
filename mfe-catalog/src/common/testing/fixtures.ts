/** Test fixtures: products, services and a shop in the API's JSON shape (docs/product.md §3). */
import type { Product, Service, Shop, ShopProduct } from '@campus/shared';

/** A product; `overrides` replace fields. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    title: 'Casio fx-991ES Plus scientific calculator',
    description: 'Barely used, with cover. Pick up at the library.',
    price: 1800,
    category: 'School Supplies',
    coverImage: '/uploads/products/p1-1200.webp',
    coverThumbnail: '/uploads/products/p1-400.webp',
    views: 12,
    status: 'available',
    createdAt: '2025-03-01T09:00:00.000Z',
    shop: { _id: 'sh1', name: 'Kahawa Gadgets', whatsApp: '254711000001' },
    seller: { _id: 'u1', firstName: 'Brian', whatsApp: '254722000002' },
    ...overrides,
  };
}

/** `count` products with ids p1..pN and titles 'Item N'. */
export function someProducts(count: number, prefix = 'Item'): Product[] {
  return Array.from({ length: count }, (_, index) =>
    aProduct({ _id: `p${index + 1}`, title: `${prefix} ${index + 1}` }),
  );
}

/** A service; `overrides` replace fields. */
export function aService(overrides: Partial<Service> = {}): Service {
  return {
    _id: 's1',
    name: 'Graduation photoshoot on campus',
    description: 'Weekly sessions in the library, past papers included.',
    price: 500,
    category: 'Photography',
    coverImage: '/uploads/services/s1-1200.webp',
    coverThumbnail: '/uploads/services/s1-400.webp',
    views: 3,
    createdAt: '2025-03-02T09:00:00.000Z',
    provider: { _id: 'u2', firstName: 'Achieng', whatsApp: '254733000003' },
    ...overrides,
  };
}

/** A shop with an owner; `overrides` replace fields. */
export function aShop(overrides: Partial<Shop> = {}): Shop {
  return {
    _id: 'sh1',
    name: 'Dorm Deals',
    description: 'Kettles, extension cables and everything for your room.',
    coverImage: '/uploads/shops/sh1-1200.webp',
    coverThumbnail: '/uploads/shops/sh1-400.webp',
    address: 'Hall 6, Kenyatta University',
    phone: '254744000004',
    owner: {
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      photo: '/uploads/users/u3.webp',
      whatsApp: '254755000005',
    },
    ...overrides,
  };
}

/** A product as listed in a shop; `overrides` replace fields. */
export function aShopProduct(overrides: Partial<ShopProduct> = {}): ShopProduct {
  return {
    _id: 'sp1',
    title: 'Electric kettle 1.7 L',
    description: 'Boils in two minutes. Auto switch-off.',
    price: 1250.5,
    coverImage: '/uploads/products/sp1-1200.webp',
    coverThumbnail: '/uploads/products/sp1-400.webp',
    ...overrides,
  };
}

/** A `GET /products` answer body (docs/product.md §3 "Product list response"). */
export function productListBody(products: unknown[], totalPages = 1, currentPage = 1) {
  return {
    status: 'success',
    data: { products, totalPages, totalProducts: products.length * totalPages, currentPage },
  };
}

/** A `GET /services` answer body (docs/product.md §3 "Service list response"). */
export function serviceListBody(services: unknown[], totalPages = 1, currentPage = 1) {
  return {
    status: 'success',
    data: { services, totalPages, totalServices: services.length * totalPages, currentPage },
  };
}
