/**
 * Business constants and limits of Campus Soko (docs/product.md §9, §3 "categories").
 * Pure data with no imports: the API imports this file too (`@campus/shared/constants`).
 */

/** Items per page on the products and services lists (docs/product.md §9). */
export const PAGE_SIZE = 20;
/** Largest `limit` the list endpoints accept (our decision; the spec sends 20). */
export const MAX_PAGE_SIZE = 50;
/** Delay in ms between the last keystroke in a search box and the request (docs/product.md §9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Desktop breakpoint in px: below it the mobile layouts apply (docs/product.md §9). */
export const DESKTOP_BREAKPOINT_PX = 768;
/** How many page numbers the pagination shows around the current page (docs/product.md §9). */
export const PAGINATION_WINDOW = 5;

/** Request timeouts in ms (docs/product.md §9). */
export const TIMEOUT_DEFAULT_MS = 5000;
export const TIMEOUT_SIGNUP_MS = 60000;
export const TIMEOUT_CREATE_SERVICE_MS = 120000;

/** Minimum password length (docs/product.md §5, §9). */
export const PASSWORD_MIN_LENGTH = 4;
/** WhatsApp number: country code 254 followed by exactly 9 digits (docs/product.md §5, §9). */
export const WHATSAPP_PATTERN = /^254\d{9}$/;

/**
 * A valid e-mail address (docs/product.md §5), the same rule in the forms and the API: the HTML
 * `type=email` rule (as yup's `email()`) with a dot required in the domain.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Longest e-mail address accepted, characters (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest password accepted, characters (bounds the hashing work per request). */
export const PASSWORD_MAX_LENGTH = 128;
/** Longest first or last name accepted, characters. */
export const NAME_MAX_LENGTH = 50;

/** Card title / name length shown on list cards (docs/product.md §9). */
export const CARD_TITLE_LENGTH = 18;
/** Description length in chat messages, '...' appended when longer (docs/product.md §7, §9). */
export const CHAT_DESCRIPTION_LENGTH = 100;

/** Toast durations in ms and limits (docs/product.md §9). */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SHORT_DURATION_MS = 3000;
export const TOAST_MAX_SNACK = 20;

/** Country filter for the university picker (docs/product.md §9). */
export const UNIVERSITY_COUNTRY = 'KE';

/** Marketing badges (docs/product.md §1, §9). */
export const BADGE_UNIVERSITIES = '100+ universities';
export const BADGE_STUDENTS = '50k+ students';

/** Product name and tagline used in the navbar, side panel, hero and e-mails. */
export const PRODUCT_NAME = 'Campus Soko';
/** Brand colours: the theme's primary and page background (theme.ts), the web app manifest's
 * `theme_color` / `background_color` and the HTML `theme-color` (docs/product.md §23.7). */
export const BRAND_PRIMARY_COLOR = '#0b6e4f';
export const BRAND_BACKGROUND_COLOR = '#f7f8f6';
export const TAGLINE = 'Empowering students, connecting campuses';

/** The 11 product categories, in the spec's order (docs/product.md §3). */
export const PRODUCT_CATEGORIES = [
  'Textbooks and Study Materials',
  'Electronics',
  'Dorm Room Essentials',
  'School Supplies',
  'Clothing and Accessories',
  'Fitness Equipment',
  'Bicycles and Scooters',
  'Musical Instruments',
  'Gaming Consoles and Video Games',
  'Kitchen Appliances',
  'other',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The 11 service categories, in the spec's order (docs/product.md §3). */
export const SERVICE_CATEGORIES = [
  'Art',
  'Tutoring and Academic Support',
  'Photography',
  'Graphic Design and Printing',
  'Tech Repair and IT Support',
  'Beauty Services',
  'Fitness Training and Classes',
  'Language Exchange and Translation',
  'Moving and Storage Assistance',
  'Event Planning and DJ Services',
  'Cleaning and Laundry Services',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/**
 * Condition of a product (docs/product.md §20.4), best first: optional at create/edit (`condition`
 * form field; null when not given) and a `condition=` filter on `GET /products`.
 */
export const PRODUCT_CONDITIONS = ['new', 'like_new', 'good', 'fair'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];
/** What the cards, item page and forms show for each condition (docs/product.md §20.4). */
export const PRODUCT_CONDITION_LABELS = {
  new: 'New',
  like_new: 'Like new',
  good: 'Good',
  fair: 'Fair',
} as const satisfies Record<ProductCondition, string>;

/**
 * A product's status (docs/product.md §15 and §20.5: 'reserved' while a meet-up is arranged):
 * the seller moves it between any two. Public lists show 'available' and 'reserved' ones
 * (reserved after available); 'sold' ones leave the lists but keep their page.
 */
export const PRODUCT_STATUSES = ['available', 'reserved', 'sold'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Feedback ratings (docs/product.md §3 "Feedback form"). */
export const RATINGS = [
  { value: 5, label: 'Excellent' },
  { value: 4, label: 'Very Good' },
  { value: 3, label: 'Good' },
  { value: 2, label: 'Fair' },
  { value: 1, label: 'Poor' },
] as const;

/** Default Coming Soon countdown target (docs/product.md §2 "Coming Soon"; ARCHITECTURE decisions). */
export const DEFAULT_LAUNCH_DATE = '2024-11-30T23:59:59+03:00';

/**
 * Limits of the selling forms (docs/product.md §15; the spec shows none), the same in the dashboard's yup
 * schemas and the API's checks. Lengths are in characters after trimming; prices in KES.
 */
export const LISTING_LIMITS = {
  /** Product title / service name / event title. */
  titleMin: 3,
  titleMax: 120,
  /** Product, service and event description. */
  descriptionMin: 10,
  descriptionMax: 5000,
  /** Highest price accepted, KES (at most 2 decimals, >= 0). */
  priceMax: 10_000_000,
  /** Shop name. */
  shopNameMin: 3,
  shopNameMax: 80,
  /** Shop description (optional). */
  shopDescriptionMax: 2000,
  /** Shop address, event venue, event university (free text). */
  placeMax: 200,
  /** Event venue. */
  venueMin: 2,
  /** Most extra photos with one product or service (the cover not counted). */
  maxPhotos: 6,
  /** Largest picture accepted by the server, bytes (10 MiB). */
  maxImageBytes: 10 * 1024 * 1024,
} as const;

/**
 * Picture types the server converts (api/src/uploads/image-pipeline.ts), as MIME types and file
 * extensions (phones often give HEIC files no MIME type). The browser refuses others before
 * upload with the server's own message (docs/product.md §21.10).
 */
export const IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/avif',
] as const;
export const IMAGE_EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.heic',
  '.heif',
  '.avif',
] as const;
/** The server's answer to a file that is not a picture it reads (400), shown by the forms too. */
export const UNSUPPORTED_IMAGE_MESSAGE =
  'Unsupported image type: upload a JPEG, PNG, WebP, GIF or HEIC picture';

/**
 * The attribute that marks a button whose tap before hydration the boot script records and
 * replays once React has taken the button over (ADR 0032; api/src/plugins/app/boot-script.ts).
 */
export const TAP_REPLAY_ATTRIBUTE = 'data-tap-replay';
/** Props that mark a button for tap replay (ADR 0032): spread them on it, `{...TAP_REPLAY}`. */
export const TAP_REPLAY = { [TAP_REPLAY_ATTRIBUTE]: '' } as const;

/** The confirmation of stored Contact Us feedback (the API's answer and the page's notice). */
export const FEEDBACK_THANKS = 'Thank you for your feedback!';
/** The confirmation of a stored Contact Us message (the API's answer and the page's notice). */
export const MESSAGE_THANKS = 'Thank you! Your message has been sent. We will get back to you soon.';

/**
 * How to check an M-Pesa payment before handing over an item or a service (docs/product.md §28):
 * fake "Confirmed" SMS messages are the commonest trick at a meet-up. Shown in the safety tips
 * beside every chat button and on the dashboard's deals page.
 */
export const MPESA_CHECK_TIPS = [
  'Got paid by M-Pesa? Check before you hand over: open the M-PESA app or dial *334# and look at your balance or mini statement.',
  'Never trust an SMS alone: a fake “Confirmed. Ksh… received” message is easy to send. Real M-Pesa messages come from MPESA, not from a phone number.',
  'Check that the name and the exact amount in your M-Pesa statement match the buyer and the price.',
  '“I sent too much by mistake, please send back the balance”: check your balance first; that is a common con.',
] as const;
