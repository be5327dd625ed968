/**
 * Where to go after login (docs/product.md §2 "Login form", docs/product.md §4): the `redirect` query value when it is a
 * path on this site, else `/products`.
 */

/** Default destination after login (docs/product.md §2: "On success the user goes to /products"). */
export const AFTER_LOGIN_PATH = '/products';

/**
 * Returns `value` when it is a same-site path (starts with '/', but not '//' or '/\', which
 * browsers treat as another host), else `/products`.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return AFTER_LOGIN_PATH;
  // Control characters (tabs, newlines) are dropped by URL parsers and can turn '/\t/x' into '//x'.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return AFTER_LOGIN_PATH;
  return value;
}

/** Pages where a student sells: 'Sell now' (app.products) and the other listing forms. */
const SELLING_PATHS = ['/app/products-list', '/app/services-list', '/app/events-list', '/create-service'];

/**
 * Whether a login `redirect` leads to a selling page (docs/product.md §21.9: the login page then says
 * 'Log in or create an account to start selling').
 */
export function isSellingRedirect(value: string | null | undefined): boolean {
  const path = safeRedirectPath(value).split(/[?#]/)[0] ?? '';
  return SELLING_PATHS.some((selling) => path === selling || path.startsWith(`${selling}/`));
}
