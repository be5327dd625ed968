/**
 * Row factories for tests: insert users, shops, products and services with sensible defaults
 * (any column can be overridden). Times default to "now minus `minutesAgo`" so tests control
 * the newest-first order.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NewProduct, NewService, NewShop, NewUser } from '../src/db/schema.ts';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
let phone = 0;
const nextWhatsApp = () => `2547${String(++phone).padStart(8, '0')}`;

export async function insertUser(db: Kysely<Database>, values: Partial<NewUser> = {}) {
  return db
    .insertInto('users')
    .values({
      email: `user-${randomBytes(4).toString('hex')}@example.com`,
      first_name: 'Wanjiru',
      last_name: 'Kamau',
      whatsapp: nextWhatsApp(),
      university: 'University of Nairobi',
      password_hash: null,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertShop(db: Kysely<Database>, values: Partial<NewShop> & { owner_id: string }) {
  return db
    .insertInto('shops')
    .values({
      name: 'Campus Deals',
      description: 'Cheap stuff',
      address: 'Main campus',
      phone: null,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertProduct(
  db: Kysely<Database>,
  values: Partial<NewProduct> & { seller_id: string; minutesAgo?: number },
) {
  const { minutesAgo = 0, ...rest } = values;
  return db
    .insertInto('products')
    .values({
      title: 'Something',
      description: '',
      price: 100,
      category: 'other',
      created_at: ago(minutesAgo),
      updated_at: ago(minutesAgo),
      ...rest,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertService(
  db: Kysely<Database>,
  values: Partial<NewService> & { provider_id: string; minutesAgo?: number },
) {
  const { minutesAgo = 0, ...rest } = values;
  return db
    .insertInto('services')
    .values({
      name: 'Some service',
      description: '',
      price: 100,
      category: 'Art',
      created_at: ago(minutesAgo),
      updated_at: ago(minutesAgo),
      ...rest,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A valid body for `POST /api/v1/auth/signup` (docs/product.md §5, signup table) with `email`; `overrides`
 * replace any field. The password passes the strength rules (not common, not personal).
 */
export function signupBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Chebet',
    lastName: 'Kiprono',
    email,
    whatsApp: '254711222333',
    university: 'Kenyatta University',
    password: 'Mango-Tree-42',
    passwordConfirm: 'Mango-Tree-42',
    ...overrides,
  };
}
