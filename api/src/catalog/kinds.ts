/**
 * The two listing kinds, each described once (docs/product.md §3 "Product" / "Service", §7, §15,
 * §20): the route path and the names of its answers, the table and its columns, the categories,
 * the cache tags a list answer is read from, the 404 message, the owner's own list's size, and
 * its rules: the strategy the shared listing code calls where the kinds differ (`ListingRules`;
 * products are sold: a status, a condition, negotiable, course codes for textbooks, the seller's
 * shop, reserved products listed after available ones, ADR 0019; services add nothing). The
 * repository (`repository.ts`), the service (`listing-service.ts`) and the route docs
 * (`schemas.ts`) are configured from these; the routes' keys are written out in
 * `products/routes.ts` and `services/routes.ts` (the table of endpoints, docs/decisions/0038).
 */
import {
  PRODUCT_CATEGORIES,
  PRODUCT_CONDITIONS,
  PRODUCT_STATUSES,
  SERVICE_CATEGORIES,
} from '@campus/shared/constants';
import { endpoints } from '@campus/shared/contract';
import { COURSE_CODE_CATEGORY, parseCourseCodes } from '@campus/shared/course-codes';
import { VALIDATION_MESSAGES } from '@campus/shared/validation-messages';
import type { FormChecker } from '../selling/validation.ts';
import {
  type ListingChanges,
  type ListingRow,
  type ListingSqlRules,
  type ListingTable,
  PLAIN_LISTING_SQL,
  SALE_SQL,
} from './repository.ts';
import type { CacheTag } from './response-cache.ts';

/** The kind's own columns of a new listing (products: condition, negotiable, course codes). */
export type KindColumns = Pick<ListingChanges, 'condition' | 'negotiable' | 'course_codes'>;

/**
 * A kind's strategy: what the shared listing code (`listing-service.ts`, `repository.ts`) asks
 * the kind where products and services differ, instead of asking whether the kind is sold.
 * Each form hook reads only the kind's own fields, each only when sent, and leaves its messages
 * in `check`.
 */
export interface ListingRules {
  /** What a list query filters by besides the shared filters (`listRequest`'s options). */
  listOptions: { conditions: boolean };
  /** Checks the kind's own fields of a create form; `category`: the listing's (if valid). */
  createFields(
    check: FormChecker,
    fields: Record<string, unknown>,
    category: string | undefined,
  ): KindColumns;
  /**
   * Checks the kind's own fields of an edit form.
   * @param category the listing's category after the edit
   * @param categorySent true when the edit sets the category
   */
  editFields(
    check: FormChecker,
    fields: Record<string, unknown>,
    category: string,
    categorySent: boolean,
  ): ListingChanges;
  /** True when an edit's `changes` put the listing back on the market (saved-search alerts, §30). */
  backOnMarket(changes: ListingChanges): boolean;
  /** Whether a public listing can still be had (a saved list's `available`, §20.1). */
  available(row: ListingRow): boolean;
  /** The kind's own SQL (`SALE_SQL`, `PLAIN_LISTING_SQL`). */
  sql: ListingSqlRules;
}

/**
 * The rules of products (docs/product.md §20.4, §20.5, §31): lists filter by condition and course
 * code; a create or edit reads `condition` and `negotiable` (`checkSaleFields`) and course codes
 * (`checkCourseCodes`; a product moved out of the textbooks category loses them); an edit may set
 * `status` ('available' puts it back on the market); a sold product is no longer available.
 */
export const SALE_RULES: ListingRules = {
  listOptions: { conditions: true },
  createFields: (check, fields, category) => {
    const sale = checkSaleFields(check, fields);
    const codes = checkCourseCodes(check, fields.courseCodes, category);
    return { ...sale, ...(codes !== undefined ? { course_codes: codes } : {}) };
  },
  editFields: (check, fields, category, categorySent) => {
    const status = check.choice('status', 'Status', fields.status, PRODUCT_STATUSES, { required: false });
    const sale = checkSaleFields(check, fields);
    let codes = checkCourseCodes(check, fields.courseCodes, category);
    // docs/product.md §31: a product moved out of the textbooks category loses its course codes.
    if (codes === undefined && categorySent && category !== COURSE_CODE_CATEGORY) codes = [];
    return {
      ...(status !== undefined ? { status } : {}),
      ...sale,
      ...(codes !== undefined ? { course_codes: codes } : {}),
    };
  },
  backOnMarket: (changes) => changes.status === 'available',
  available: (row) => row.status !== 'sold',
  sql: SALE_SQL,
};

/** The rules of a kind that is not sold (services): nothing of its own. */
export const PLAIN_RULES: ListingRules = {
  listOptions: { conditions: false },
  createFields: () => ({}),
  editFields: () => ({}),
  backOnMarket: () => false,
  available: () => true,
  sql: PLAIN_LISTING_SQL,
};

/** One listing kind. */
export interface ListingKind {
  /** The list route's path, read from its entry in the table of endpoints (`/products`). */
  path: (typeof endpoints)['GET /products' | 'GET /services']['path'];
  /** Table, cache tag, picture folder and the list answer's key: 'products'. */
  many: 'products' | 'services';
  /** The key of a one-listing answer: 'product'. */
  one: 'product' | 'service';
  /** The list answer's total: 'totalProducts'. */
  totalKey: 'totalProducts' | 'totalServices';
  /** The title's JSON field and column: 'title' (products), 'name' (services). */
  titleField: 'title' | 'name';
  /** The owner's JSON key: 'seller', 'provider'. */
  ownerKey: 'seller' | 'provider';
  /** The owner column. */
  ownerColumn: 'seller_id' | 'provider_id';
  categories: readonly string[];
  /** What a list answer is read from (it is dropped from the cache when one of them changes). */
  listTags: readonly CacheTag[];
  /** The 404 message. */
  notFoundMessage: string;
  /** Most listings the owner's own list (`GET <path>/mine`) returns, newest first. */
  mineLimit: number;
  /** Where the kind differs from the others (`SALE_RULES`, `PLAIN_RULES`). */
  rules: ListingRules;
}

/** Products (docs/product.md §3 "Product"): sold by a seller, maybe in their shop. */
export const PRODUCT_KIND = {
  path: endpoints['GET /products'].path,
  many: 'products',
  one: 'product',
  totalKey: 'totalProducts',
  titleField: 'title',
  ownerKey: 'seller',
  ownerColumn: 'seller_id',
  categories: PRODUCT_CATEGORIES,
  // Products show their shop (name, phone) and seller (name, WhatsApp).
  listTags: ['products', 'shops', 'users'],
  notFoundMessage: 'Product not found',
  mineLimit: 500,
  rules: SALE_RULES,
} as const satisfies ListingKind;

/** Services (docs/product.md §3 "Service"): offered by a provider; always listed. */
export const SERVICE_KIND = {
  path: endpoints['GET /services'].path,
  many: 'services',
  one: 'service',
  totalKey: 'totalServices',
  titleField: 'name',
  ownerKey: 'provider',
  ownerColumn: 'provider_id',
  categories: SERVICE_CATEGORIES,
  // Services show their provider (name, WhatsApp).
  listTags: ['services', 'users'],
  notFoundMessage: 'Service not found',
  mineLimit: 500,
  rules: PLAIN_RULES,
} as const satisfies ListingKind;

/** The repository's view of a kind: its table and columns, and its own SQL. */
export function listingTable(kind: ListingKind): ListingTable {
  return {
    table: kind.many,
    ownerColumn: kind.ownerColumn,
    titleColumn: kind.titleField,
    rules: kind.rules.sql,
  };
}

/** The product-only fields of a create/edit, each undefined when not sent. */
type SaleFields = Pick<KindColumns, 'condition' | 'negotiable'>;

/**
 * The product-only form fields (docs/product.md §20.4), each only when sent: `condition` (one of
 * `PRODUCT_CONDITIONS`; '' or null clears it) and `negotiable` ('true'/'false' or a boolean).
 */
function checkSaleFields(check: FormChecker, fields: Record<string, unknown>): SaleFields {
  const raw = fields.condition;
  const cleared = raw === null || (typeof raw === 'string' && raw.trim() === '');
  const condition = cleared
    ? null
    : check.choice('condition', 'Condition', raw, PRODUCT_CONDITIONS, { required: false });
  const negotiable = check.boolean('negotiable', 'Negotiable', fields.negotiable);
  return {
    ...(condition !== undefined ? { condition } : {}),
    ...(negotiable !== undefined ? { negotiable } : {}),
  };
}

/**
 * The `courseCodes` field of a product form (docs/product.md §31), when sent: codes separated by
 * commas (or a JSON list), normalised (`sch 2101` → `SCH2101`), at most 5, and only for the
 * textbooks category (`category`: the product's category after the edit). '' or [] clears them.
 * @returns the codes, or undefined when not sent (or invalid: the message is in `check`)
 */
function checkCourseCodes(
  check: FormChecker,
  raw: unknown,
  category: string | undefined,
): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const texts = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : null;
  if (!texts || texts.some((text) => typeof text !== 'string')) {
    check.fail('courseCodes', VALIDATION_MESSAGES.courseCodeInvalid(String(raw)));
    return undefined;
  }
  const parsed = parseCourseCodes(texts as string[]);
  if (parsed.error !== undefined) {
    check.fail('courseCodes', parsed.error);
    return undefined;
  }
  if (parsed.codes.length > 0 && category !== undefined && category !== COURSE_CODE_CATEGORY) {
    check.fail('courseCodes', VALIDATION_MESSAGES.courseCodesTextbooksOnly);
    return undefined;
  }
  return parsed.codes;
}
