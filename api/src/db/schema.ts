/**
 * Kysely table types of the database (kept in step with `db/migrations/*`).
 *
 * Read types are what the `pg` driver returns: `numeric` as a string (prices, KES with 2
 * decimals: convert with `Number()`), `timestamptz` as `Date`, `text[]` as `string[]`,
 * `count(*)` as a string.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A `timestamptz` column with a database default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `numeric(12,2)`: read as a string, written as a number or string. */
type Numeric = ColumnType<string, number | string, number | string>;
/** A column the database computes (generated column): never written. */
type Computed<T> = ColumnType<T, never, never>;

export interface UsersTable {
  id: Generated<string>;
  /** Unique case-insensitively (unique index on lower(email)). */
  email: string;
  /** argon2id hash; null for accounts that cannot log in (bench data). */
  password_hash: string | null;
  first_name: string;
  last_name: string;
  /** 254 followed by 9 digits (docs/product.md §5). */
  whatsapp: string;
  university: string;
  /** URL path of the profile photo, or null. */
  photo: string | null;
  role: ColumnType<'user' | 'admin', 'user' | 'admin' | undefined, 'user' | 'admin'>;
  email_verified_at: Date | null;
  /** Tokens issued before this instant are rejected (Security baseline). */
  password_changed_at: Timestamp;
  /** Set while the account is suspended: its tokens and logins are refused (migration 0010). */
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The moderator's reason for the suspension (migration 0010). */
  suspended_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The verified-student rule's result, stored (`users/verified-student.ts`, migration 0010). */
  verified_student: ColumnType<boolean, boolean | undefined, boolean>;
  /** Sessions of older generations are refused (migration 0007; "Log out of all devices"). */
  session_generation: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Visible reviews this user received, and the sum of their stars (migration 0018, ADR 0033). */
  rating_count: ColumnType<number, number | undefined, number>;
  rating_sum: ColumnType<number, number | undefined, number>;
}

/** Moderation state of a listing (migration 0010): 'held' after 3 reporters, 'hidden' by a moderator. */
export type ModerationState = 'visible' | 'held' | 'hidden';

/** The moderation columns of products, services and shops (migration 0010). */
export interface ModerationColumns {
  moderation: ColumnType<ModerationState, ModerationState | undefined, ModerationState>;
  /** The reason the owner sees for a hidden listing, or null. */
  moderation_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** True while the owner's account is suspended (set with the suspension). */
  owner_suspended: ColumnType<boolean, boolean | undefined, boolean>;
  /** Set when the owner deleted it while held or hidden (migration 0017: soft delete), else null. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ShopsTable extends ModerationColumns {
  id: Generated<string>;
  /** One shop per user. */
  owner_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  cover_image: string | null;
  cover_thumbnail: string | null;
  address: string | null;
  phone: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A product's status (docs/product.md §15; 'reserved' docs/product.md §20.5, migration 0013). */
export type ProductStatus = 'available' | 'reserved' | 'sold';
/** A product's condition (docs/product.md §20.4, migration 0013). */
export type ProductCondition = 'new' | 'like_new' | 'good' | 'fair';

/**
 * The columns products and services share (migrations 0001, 0004, 0010): what the listing
 * repository (`catalog/repository.ts`) reads and writes for both tables.
 */
export interface ListingColumns extends ModerationColumns {
  id: Generated<string>;
  description: ColumnType<string, string | undefined, string>;
  /** KES, 2 decimals, >= 0. */
  price: Numeric;
  category: string;
  /** URL path of the 1200 px WebP, e.g. `/uploads/products/<uuid>-1200.webp`. */
  cover_image: string | null;
  /** URL path of the 400 px WebP thumbnail. */
  cover_thumbnail: string | null;
  photos: ColumnType<string[], string[] | undefined, string[]>;
  views: ColumnType<number, number | undefined, number>;
  /** Stored generated tsvector: title (or name) weight A, description weight B, 'simple' config. */
  search: Computed<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable extends ListingColumns {
  seller_id: string;
  shop_id: string | null;
  title: string;
  status: ColumnType<ProductStatus, ProductStatus | undefined, ProductStatus>;
  /** Null when the seller did not say (migration 0013). */
  condition: ColumnType<
    ProductCondition | null,
    ProductCondition | null | undefined,
    ProductCondition | null
  >;
  negotiable: ColumnType<boolean, boolean | undefined, boolean>;
  /** Normalised course codes (`SCH2101`), textbooks only, at most 5 (migration 0021, docs/product.md §31). */
  course_codes: ColumnType<string[], string[] | undefined, string[]>;
}

export interface ServicesTable extends ListingColumns {
  provider_id: string;
  name: string;
}

/** Purposes of one-time tokens (migration 0002). */
export type AuthTokenPurpose = 'verify_email' | 'reset_password';

/** One-time token of an account flow; only its SHA-256 is stored (migration 0002). */
export interface AuthTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: AuthTokenPurpose;
  /** Hex SHA-256 of the token sent in the link. */
  token_hash: string;
  expires_at: Date;
  /** Set when the link was followed (single use). */
  used_at: Date | null;
  /** Set when a newer token of the same purpose was issued for the user. */
  superseded_at: Date | null;
  created_at: Timestamp;
}

/** A logged-out session token (migration 0007): refused until it would have expired anyway. */
export interface RevokedSessionsTable {
  /** The token's `jti` claim. */
  jti: string;
  user_id: string;
  /** The token's `exp`: the row may be deleted after it. */
  expires_at: Date;
  revoked_at: Timestamp;
}

export type MailOutboxStatus = 'pending' | 'sent' | 'dropped' | 'dead';

/** One queued mail or mail request (migration 0008; `mail/outbox.ts`). */
export interface MailOutboxTable {
  id: Generated<string>;
  /** What it is, e.g. 'verify-email', 'reset-password', 'forgot-password-request'. */
  kind: string;
  recipient: string;
  /** Null while the row is only a request (the sender renders it). */
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  /** The action link inside the mail (logged in outbox mode); wiped with the bodies once sent. */
  link: string | null;
  /** Extra headers of the mail, e.g. List-Unsubscribe (migration 0020); null: none. */
  headers: ColumnType<
    Record<string, string> | null,
    Record<string, string> | null | undefined,
    Record<string, string> | null
  >;
  status: ColumnType<MailOutboxStatus, MailOutboxStatus | undefined, MailOutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
}

/** A campus event (migration 0004; docs/product.md §15). */
export interface EventsTable {
  id: Generated<string>;
  organizer_id: string;
  title: string;
  description: string;
  starts_at: Date;
  /** Optional; later than starts_at. */
  ends_at: Date | null;
  venue: string;
  university: string | null;
  cover_image: string | null;
  cover_thumbnail: string | null;
  /** KES, 2 decimals, >= 0; null: free / not stated. */
  price: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a report is about (migration 0011; docs/product.md §19.1). */
export type ReportTargetType = 'product' | 'service' | 'shop' | 'user';
/** The fixed list of report reasons (docs/product.md §19.1). */
export type ReportReason = 'scam' | 'prohibited' | 'spam' | 'offensive' | 'sold' | 'other';

/** One user's report of a listing or user (migration 0011). */
export interface ReportsTable {
  id: Generated<string>;
  reporter_id: string;
  target_type: ReportTargetType;
  target_id: string;
  reason: ReportReason;
  /** At most 500 characters, or null. */
  details: string | null;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  /** Why it was closed: 'dismissed', 'hidden', 'restored', 'suspended'. */
  resolution: string | null;
  created_at: Timestamp;
  closed_at: Date | null;
  closed_by: string | null;
  /** Keyed hash of the reporter's network (migration 0015, ADR 0028); null for older reports. */
  reporter_network: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A group of reporters flagged for reporting many of the same targets (migration 0015, ADR 0028). */
export interface ReportRingsTable {
  id: Generated<string>;
  /** The members' user ids, sorted. */
  members: string[];
  /** Targets every member pair had in common when last seen. */
  shared_targets: number;
  status: ColumnType<'open' | 'dismissed', 'open' | 'dismissed' | undefined, 'open' | 'dismissed'>;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
  closed_at: Date | null;
  closed_by: string | null;
}

/** One moderation action (migration 0011): who, when, what, on what, why. */
export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  /** 'dismiss', 'hide', 'restore', 'suspend', 'unsuspend', 'hold' (automatic; actor null). */
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  created_at: Timestamp;
}

/** Table `feedback` (migration 0003_site; docs/product.md §17): the Contact Us feedback form. */
export interface FeedbackTable {
  id: Generated<string>;
  name: string;
  email: string;
  /** 1..5 */
  rating: number;
  message: string;
  created_at: Generated<Date>;
}

/** Table `contact_messages` (migration 0003_site; docs/product.md §17): the Contact Us message form. */
export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Generated<Date>;
}

/** Table `subscribers` (migration 0003_site; docs/product.md §17; unique on lower(email)): 'Notify Me'. */
export interface SubscribersTable {
  id: Generated<string>;
  /** As typed (trimmed); unique case-insensitively. */
  email: string;
  created_at: Generated<Date>;
}

/** All tables. Later migrations add their tables here. */
/** What a user can save (migration 0014, docs/product.md §20.1). */
export type FavouriteKind = 'products' | 'services';
/** What views and chat clicks are counted for (migration 0014, docs/product.md §20.6, §20.10). */
export type CountedKind = 'products' | 'services' | 'shops';

/** A user's saved listing (migration 0014); no foreign key to the listing, which may be deleted. */
export interface FavouritesTable {
  user_id: string;
  kind: FavouriteKind;
  listing_id: string;
  created_at: Timestamp;
}

/** Views and chat clicks of one listing on one Africa/Nairobi day (migration 0014). */
export interface ListingDailyStatsTable {
  kind: CountedKind;
  listing_id: string;
  /** `date` 'YYYY-MM-DD' (Africa/Nairobi). Select it as `day::text`: the drivers read a bare `date` as a local-midnight Date. */
  day: ColumnType<string | Date, string, string>;
  views: ColumnType<number, number | undefined, number>;
  chat_clicks: ColumnType<number, number | undefined, number>;
}

/** A visitor whose chat click was counted on `day` (salted daily hash only; migration 0014). */
export interface ChatVisitorsTable {
  day: ColumnType<string | Date, string, string>;
  kind: CountedKind;
  listing_id: string;
  visitor: string;
}

/** The random salt of one day's visitor hashes (migration 0014). */
export interface VisitorSaltsTable {
  day: ColumnType<string | Date, string, string>;
  salt: string;
}

/** What a release's audit row records (migration 0016, ADR 0029). */
export type ReleaseAction =
  | 'release'
  | 'refuse'
  | 'promote'
  | 'rollback'
  | 'canary'
  | 'canary_end'
  | 'auto_rollback'
  | 'prune';

/** One immutable release of a remote (migration 0016, ADR 0029). */
export interface ReleasesTable {
  remote: string;
  /** `<hash12>` or `<commit7>-<hash12>` (content hash of the build). */
  version: string;
  git_commit: string | null;
  /** Summary of its mf-manifest.json (`ReleaseManifestSummary` in releases/manifest.ts). */
  manifest: ColumnType<unknown, string, string>;
  has_server_build: boolean;
  /** Deploy token label or the admin's e-mail. */
  released_by: string;
  created_at: Timestamp;
  /** The gate's checks (`ReleaseCheck[]`). */
  checks: ColumnType<unknown, string, string>;
}

/** A remote's movable pointers (migration 0016, ADR 0029). */
export interface RemoteRoutingTable {
  remote: string;
  current_version: string | null;
  previous_version: string | null;
  canary_version: string | null;
  /** 0-100; 0 means no canary. */
  canary_percent: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** Audit log of releases (migration 0016). */
export interface ReleaseAuditTable {
  id: Generated<string>;
  remote: string;
  action: ReleaseAction;
  version: string | null;
  actor: string;
  reason: string | null;
  created_at: Timestamp;
}

/** Deploy tokens minted by `npm run admin -- token` (SHA-256 hex of the token; migration 0016). */
export interface DeployTokensTable {
  id: Generated<string>;
  remote: string;
  token_hash: string;
  label: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  shops: ShopsTable;
  products: ProductsTable;
  services: ServicesTable;
  auth_tokens: AuthTokensTable;
  events: EventsTable;
  reports: ReportsTable;
  report_rings: ReportRingsTable;
  audit_log: AuditLogTable;
  revoked_sessions: RevokedSessionsTable;
  mail_outbox: MailOutboxTable;
  feedback: FeedbackTable;
  contact_messages: ContactMessagesTable;
  subscribers: SubscribersTable;
  favourites: FavouritesTable;
  listing_daily_stats: ListingDailyStatsTable;
  chat_visitors: ChatVisitorsTable;
  visitor_salts: VisitorSaltsTable;
  releases: ReleasesTable;
  remote_routing: RemoteRoutingTable;
  release_audit: ReleaseAuditTable;
  deploy_tokens: DeployTokensTable;
  // Deals and reviews (migration 0018, docs/product.md §28).
  chat_contacts: ChatContactsTable;
  deals: DealsTable;
  reviews: ReviewsTable;
  review_reports: ReviewReportsTable;
  // Migration 0021 (docs/product.md §31).
  search_synonyms: SearchSynonymsTable;
  search_words: SearchWordsTable;
  listing_signals: ListingSignalsTable;
  picture_hashes: PictureHashesTable;
  advance_payment_phrases: AdvancePaymentPhrasesTable;
  safety_jobs: SafetyJobsTable;
  saved_searches: SavedSearchesTable;
  saved_search_terms: SavedSearchTermsTable;
  saved_search_matches: SavedSearchMatchesTable;
  saved_search_mailers: SavedSearchMailersTable;
}

// Saved searches and alerts (migration 0020; docs/product.md §30; ADR 0035).

/** How a saved search alerts its owner. */
export type SavedSearchAlert = 'instant' | 'daily' | 'off';

/** A student's saved list query (migration 0020). */
export interface SavedSearchesTable {
  id: Generated<string>;
  user_id: string;
  kind: FavouriteKind;
  name: string;
  /** The list route's validated query (without page and limit). */
  filters: ColumnType<Record<string, unknown>, string, string>;
  alert: SavedSearchAlert;
  /** Copies of the filter's category and price band, for matching by index. */
  category: string | null;
  min_price: ColumnType<string | null, number | null, number | null>;
  max_price: ColumnType<string | null, number | null, number | null>;
  /** Copies of the filter's condition, campus, verified-only and course code (migration 0023). */
  condition: ColumnType<
    ProductCondition | null,
    ProductCondition | null | undefined,
    ProductCondition | null
  >;
  university: ColumnType<string | null, string | null | undefined, string | null>;
  verified_only: ColumnType<boolean, boolean | undefined, boolean>;
  course: ColumnType<string | null, string | null | undefined, string | null>;
  last_seen_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A term a saved search is found by when a listing goes live (migration 0023; `saved-searches/index-terms.ts`). */
export interface SavedSearchTermsTable {
  term: string;
  saved_search_id: string;
}

/** A listing that matched a saved search (migration 0020). */
export interface SavedSearchMatchesTable {
  saved_search_id: string;
  listing_id: string;
  matched_at: Date;
  alerted_at: Date | null;
}

/** When a student's last instant alert is or was due (migration 0020). */
export interface SavedSearchMailersTable {
  user_id: string;
  instant_due_at: Date;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ShopRow = Selectable<ShopsTable>;
export type NewShop = Insertable<ShopsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type NewService = Insertable<ServicesTable>;
export type ServiceUpdate = Updateable<ServicesTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
export type ReportRow = Selectable<ReportsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

// --- Deals and reviews (migration 0018, docs/product.md §28, ADR 0033) ---

/** The kind of listing a deal is about. */
export type DealListingKind = 'product' | 'service';
/** A deal's state (ADR 0033). */
export type DealStatus = 'claimed' | 'confirmed' | 'declined' | 'expired';
/** Which side of a deal: the buyer (or client of a service) or the seller (or provider). */
export type DealSide = 'buyer' | 'seller';

/** A signed-in student who opened a listing's chat link. */
export interface ChatContactsTable {
  kind: DealListingKind;
  listing_id: string;
  user_id: string;
  first_at: Date;
  last_at: Date;
}

export interface DealsTable {
  id: Generated<string>;
  listing_kind: DealListingKind;
  listing_id: string;
  listing_title: string;
  seller_id: string;
  buyer_id: string;
  initiated_by: DealSide;
  status: ColumnType<DealStatus, DealStatus | undefined, DealStatus>;
  created_at: Date;
  answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ReviewsTable {
  id: Generated<string>;
  deal_id: string;
  author_id: string;
  subject_id: string;
  author_role: DealSide;
  stars: number;
  comment: string | null;
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  replied_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  hidden_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  hidden_by: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Date;
}

export interface ReviewReportsTable {
  id: Generated<string>;
  review_id: string;
  reporter_id: string;
  details: string | null;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  created_at: Date;
}

export type DealRow = Selectable<DealsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
/** Table `search_synonyms` (migration 0021, docs/product.md §31): one synonym group per row. */
export interface SearchSynonymsTable {
  id: Generated<number>;
  /** Words (or short phrases) that mean the same: each finds all the others. */
  words: string[];
  /** Kinds of `words` (brands, models): a word of `words` finds them; they find only themselves. */
  narrower: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Table `search_words` (migration 0021): the words of listing titles, for "Did you mean". */
export interface SearchWordsTable {
  word: string;
}

/** The kinds of scam signal (migration 0019, docs/product.md §29). */
export type SafetySignalKind =
  | 'price_outlier'
  | 'reused_photo'
  | 'advance_payment'
  | 'new_account_high_price'
  | 'reported_seller';

/** A scam signal a listing raised (migration 0019, ADR 0034). */
export interface ListingSignalsTable {
  listing_type: 'products' | 'services';
  listing_id: string;
  kind: SafetySignalKind;
  /** The buyer's warning, plain English. */
  message: string;
  /** What the moderation desk shows (JSON; its shape depends on `kind`). */
  evidence: ColumnType<unknown, string, string>;
  /** When a time-bound signal stops holding; null: until the listing or its reports change. */
  expires_at: Date | null;
  created_at: Timestamp;
}

/** The 64-bit dHash of one stored listing picture (migration 0019). */
export interface PictureHashesTable {
  /** The picture's 1200 px URL path. */
  url: string;
  listing_type: 'products' | 'services';
  listing_id: string;
  owner_id: string;
  /** The dHash as a signed 64-bit integer (pg returns int8 as a string). */
  hash: ColumnType<string, string | bigint, string | bigint>;
  created_at: Timestamp;
}

/** A phrase asking for money before meeting (migration 0019). */
export interface AdvancePaymentPhrasesTable {
  phrase: string;
  language: 'en' | 'sw' | 'sheng';
}

/** One-time jobs of the scam signals done (migration 0019). */
export interface SafetyJobsTable {
  name: string;
  done_at: Timestamp;
}
