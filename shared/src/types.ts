/**
 * Types of what the site exchanges with the API (docs/product.md §3), in the API's JSON shape (ids as `_id`,
 * prices as numbers in KES, times as ISO 8601 strings). They are read from the API contract's
 * JSON schemas (`./contract`, json-schema-to-ts; docs/decisions/0018-one-contract.md), type
 * only: a field the API renames or retypes changes them too.
 *
 * The entities the pages hold (`Product`, `Service`, `Shop`, ...) keep the contract's names and
 * types, but only the fields every answer carries are required: a list item has no `photos`,
 * a test fixture states what it checks. The answers (`ProductListResponse`, `LoginResponse`)
 * are exactly the contract's.
 */
import type {
  CampusEventJson,
  LoginAnswer,
  LoginBody,
  ProductDetail,
  ProductListAnswer,
  ServiceDetail,
  ServiceListAnswer,
  ShopJson,
  ShopProductJson,
  SignupBody,
  UniversityJson,
  UserJson,
} from './contract';

export type {
  ApiErrorBody,
  ListQuery,
  ListSort,
  ModerationState,
  ProductStatusJson,
  SellerJson,
  SellerPage,
} from './contract';

/** An embedded object (seller, provider, shop, owner) as a page holds it: fields may be missing, and all but `_id` null. */
type Embedded<T> = { [K in keyof T]?: K extends '_id' ? T[K] : T[K] | null };

/** The optional part of a held entity: fields may be missing; embedded objects may also be null. */
type Optional<T> = {
  [K in keyof T]?: NonNullable<T[K]> extends readonly unknown[]
    ? T[K]
    : NonNullable<T[K]> extends object
      ? Embedded<NonNullable<T[K]>> | null
      : T[K];
};

/**
 * `T` as a page holds it: the `Always` fields as the contract says them; the others, with the
 * contract's names and types, possibly missing (and embedded objects possibly null or partial),
 * so the pages check before they use them.
 */
export type Held<T, Always extends keyof T> = Pick<T, Always> & Optional<Omit<T, Always>>;

/** A product listing (docs/product.md §3 "Product"): a list item, or the detail with photos and more about the seller. */
export type Product = Held<ProductDetail, '_id' | 'title' | 'description' | 'price'>;
/** Seller as shown on a product card (docs/product.md §3 "Product"). */
export type ProductSeller = NonNullable<Product['seller']>;
/** Shop as embedded in a product (docs/product.md §3 "Product": shop{name, whatsApp}). */
export type ProductShop = NonNullable<Product['shop']>;

/** A service offer (docs/product.md §3 "Service"). `price` is in KES. */
export type Service = Held<ServiceDetail, '_id' | 'name' | 'description' | 'price'>;

/** A shop (docs/product.md §3 "Shop"). */
export type Shop = Held<ShopJson, '_id' | 'name'>;
/** Shop owner (docs/product.md §3 "Shop": owner{firstName, lastName, photo, whatsApp}). */
export type ShopOwner = NonNullable<Shop['owner']>;

/** A product as listed in a shop (docs/product.md §3 "Shop product"). */
export type ShopProduct = Held<ShopProductJson, '_id' | 'title' | 'price'>;

/**
 * The signed-in user kept under localStorage key `user` (docs/product.md §3 "User"). `role` is what the
 * storage gives back: 'user' or 'admin' as the API sent it, read as any string.
 */
export type User = Held<Omit<UserJson, 'role'>, 'firstName' | 'lastName'> & {
  role: UserJson['role'] | (string & {});
};

/** Answer of POST /auth/login (docs/product.md §3 "User", docs/product.md §7), without its `status`; the user as stored. */
export type LoginResponse = Omit<LoginAnswer, 'status' | 'user'> & { user: User };

/** Login credentials (docs/product.md §3): the form sends both. */
export type LoginCredentials = Required<LoginBody>;

/** Signup payload, all strings (docs/product.md §3): the form sends every field. */
export type SignupPayload = Required<SignupBody>;

/** University picker entry: KE entries mapped to name and url (docs/product.md §3). */
export type University = UniversityJson;

/** A campus event (our design: docs/product.md §3 and §15). Price in KES, optional. */
export type CampusEvent = Held<CampusEventJson, '_id' | 'title' | 'description' | 'startsAt' | 'venue'>;

/** GET /products answer (docs/product.md §3 "Product list response"). */
export type ProductListResponse = ProductListAnswer;

/** GET /services answer (docs/product.md §3 "Service list response"). */
export type ServiceListResponse = ServiceListAnswer;
