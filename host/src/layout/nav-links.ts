/**
 * Navbar, menu and footer destinations (docs/product.md §2 "Navigation bar and footer", with the ARCHITECTURE
 * decision that Profile goes to /app/settings everywhere).
 */
export const MAIN_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Services', to: '/services' },
  { label: 'Products', to: '/products' },
] as const;

/** 'Sell now' target: the named route app.products. */
export const SELL_NOW_PATH = '/app/products-list';
/** Dashboard in the desktop user menu. */
export const DASHBOARD_PATH = '/app/products-list';
/** Dashboard in the mobile menu (spec: the mobile menu uses '/app'). */
export const MOBILE_DASHBOARD_PATH = '/app';
/** Profile: the named route app.settings. */
export const PROFILE_PATH = '/app/settings';
export const REGISTER_PATH = '/auth?mode=register';
export const LOGIN_PATH = '/auth?mode=login';

/** Campus events (docs/product.md §20.9): in the mobile menu and the footer. */
export const EVENTS_LINK = { label: 'Events', to: '/events' } as const;

export const FOOTER_LINKS = [
  { label: 'Services', to: '/services' },
  { label: 'Products', to: '/products' },
  EVENTS_LINK,
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms & Conditions', to: '/terms-and-conditions' },
  { label: 'About', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
] as const;

export const SOCIAL_LINKS = [
  { label: 'Campus Soko on Facebook', href: 'https://www.facebook.com/' },
  { label: 'Campus Soko on Instagram', href: 'https://www.instagram.com/' },
  { label: 'Campus Soko on X', href: 'https://x.com/' },
] as const;
