/**
 * Types of every entity the site exchanges with the API (spec 3), in the API's JSON shape
 * (ids as `_id`, prices as numbers in KES, times as ISO 8601 strings).
 */
import type { ProductCategory, ServiceCategory } from './constants';

/** Seller as shown on a product card (spec 3 "Product"). */
export interface ProductSeller {
  _id?: string;
  firstName?: string | null;
  lastName?: string | null;
  whatsApp?: string | null;
  photo?: string | null;
  university?: string | null;
  /** Issue 12: verified e-mail on the university's web domain → "Verified student at <university>". */
  verifiedStudent?: boolean;
}

/** Moderation state of a listing (issue 12): the owner sees 'held' and 'hidden' as "Under review". */
export type ModerationState = 'visible' | 'held' | 'hidden';

/** Shop as embedded in a product (spec 3 "Product": shop{name, whatsApp}). */
export interface ProductShop {
  _id?: string;
  name?: string | null;
  whatsApp?: string | null;
}

/** A product listing (spec 3 "Product"). `price` is in KES. */
export interface Product {
  _id: string;
  title: string;
  description: string;
  price: number;
  category?: ProductCategory | string;
  coverImage?: string | null;
  coverThumbnail?: string | null;
  photos?: string[];
  views?: number;
  status?: 'available' | 'sold';
  createdAt?: string;
  shop?: ProductShop | null;
  seller?: ProductSeller | null;
  /** Only ever not 'visible' in the owner's own lists (issue 12). */
  moderation?: ModerationState;
  moderationReason?: string | null;
}

/** A service offer (spec 3 "Service"). `price` is in KES. */
export interface Service {
  _id: string;
  name: string;
  description: string;
  price: number;
  category?: ServiceCategory | string;
  coverImage?: string | null;
  coverThumbnail?: string | null;
  photos?: string[];
  views?: number;
  createdAt?: string;
  provider?: ProductSeller | null;
  /** Only ever not 'visible' in the owner's own lists (issue 12). */
  moderation?: ModerationState;
  moderationReason?: string | null;
}

/** Shop owner (spec 3 "Shop": owner{firstName, lastName, photo, whatsApp}). */
export interface ShopOwner {
  _id?: string;
  firstName?: string | null;
  lastName?: string | null;
  photo?: string | null;
  whatsApp?: string | null;
  university?: string | null;
  /** Issue 12: "Verified student at <university>". */
  verifiedStudent?: boolean;
}

/** A shop (spec 3 "Shop"). */
export interface Shop {
  _id: string;
  name: string;
  description?: string | null;
  coverImage?: string | null;
  coverThumbnail?: string | null;
  address?: string | null;
  phone?: string | null;
  owner?: ShopOwner | null;
  /** Only ever not 'visible' for the owner's own shop (issue 12). */
  moderation?: ModerationState;
  moderationReason?: string | null;
}

/** A product as listed in a shop (spec 3 "Shop product"). */
export interface ShopProduct {
  _id: string;
  title: string;
  description?: string | null;
  price: number;
  coverImage?: string | null;
  coverThumbnail?: string | null;
}

/** The signed-in user kept under localStorage key `user` (spec 3 "User"). */
export interface User {
  _id?: string;
  firstName: string;
  lastName: string;
  email?: string;
  whatsApp?: string;
  photo?: string | null;
  university?: string;
  role: 'user' | 'admin' | string;
  /** Issue 12 item 5. */
  verifiedStudent?: boolean;
}

/** Answer of POST /auth/login (spec 3 "User", spec 7). */
export interface LoginResponse {
  token: string;
  user: User;
}

/** Login credentials (spec 3). */
export interface LoginCredentials {
  email: string;
  password: string;
}

/** Signup payload, all strings (spec 3). */
export interface SignupPayload {
  firstName: string;
  lastName: string;
  email: string;
  whatsApp: string;
  password: string;
  passwordConfirm: string;
  university: string;
}

/** University picker entry: KE entries mapped to name and url (spec 3). */
export interface University {
  name: string;
  url: string;
}

/** A campus event (our design; spec 3 says its fields are not shown). Price in KES, optional. */
export interface CampusEvent {
  _id: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt?: string | null;
  venue: string;
  university?: string | null;
  coverImage?: string | null;
  coverThumbnail?: string | null;
  price?: number | null;
}

/** GET /products answer (spec 3 "Product list response"). */
export interface ProductListResponse {
  status: 'success';
  data: { products: Product[]; totalPages: number; totalProducts: number; currentPage: number };
}

/** GET /services answer (spec 3 "Service list response"). */
export interface ServiceListResponse {
  status: 'success';
  data: { services: Service[]; totalPages: number; totalServices: number; currentPage: number };
}

/** Count endpoints: `{status, results}` (spec 7). */
export interface CountResponse {
  status: 'success';
  results: number;
}

/** Error body of every 4xx/5xx answer (ARCHITECTURE "API conventions"). */
export interface ApiErrorBody {
  status: 'fail' | 'error';
  message: string;
  errors?: Record<string, string>;
}

/** List filters kept in the URL query string (spec 2 "Products list", spec 7). Prices in KES. */
export interface ListQuery {
  page: number;
  limit?: number;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  category?: string;
  /** Only listings of verified students (issue 12). */
  verifiedOnly?: boolean;
}
