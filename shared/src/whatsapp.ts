/**
 * The outbound WhatsApp chat links of docs/product.md §7: `https://wa.me/<number>?text=<message>`.
 * One builder for every card, detail page and the shop page.
 */
import { CHAT_DESCRIPTION_LENGTH, PRODUCT_NAME } from './constants';
import { formatKes, truncate } from './format';
import type { Product, Service, Shop, ShopProduct } from './types';

/** What the API's counted chat routes are about (docs/product.md §20.6). */
export type ChatTarget = 'products' | 'services' | 'shops';

/**
 * The site's chat link for a listing or a shop (docs/product.md §20.6): `GET /api/v1/<kind>/<id>/chat`,
 * which counts the click and answers 302 to the docs/product.md §7 wa.me link below. A same-site `<a href>`,
 * so it works without JavaScript. `product` names the shop's product the shop page chats about.
 * The same path as the contract's `chatPath` (a test checks it); written here so the first view
 * does not carry the contract's schemas.
 */
export function chatRoute(kind: ChatTarget, id: string, product?: string): string {
  const path = `/api/v1/${kind}/${encodeURIComponent(id)}/chat`;
  return product ? `${path}?product=${encodeURIComponent(product)}` : path;
}

/** Digits of a phone number, or '' when there is none (e.g. '+254 712 345 678' → '254712345678'). */
export function whatsAppDigits(number: string | null | undefined): string {
  return (number ?? '').replace(/\D/g, '');
}

/**
 * Builds a wa.me chat link for `number` with `message` prefilled. Without a number the link opens
 * WhatsApp's contact picker with the message (wa.me/?text=...).
 */
export function chatLink(number: string | null | undefined, message: string): string {
  return `https://wa.me/${whatsAppDigits(number)}?text=${encodeURIComponent(message)}`;
}

/** Absolute URL of an image path ('/uploads/x.webp' → 'https://site/uploads/x.webp'), or null. */
export function absoluteUrl(path: string | null | undefined, origin: string): string | null {
  if (!path) return null;
  try {
    return new URL(path, origin).toString();
  } catch {
    return null;
  }
}

/** The description line of a chat message: first 100 characters plus '...' when longer (docs/product.md §7). */
export function chatDescription(description: string | null | undefined, fallback = ''): string {
  return description ? truncate(description, CHAT_DESCRIPTION_LENGTH, true) : fallback;
}

/** Site origin used for item links in messages (the page's own origin, which is PUBLIC_URL). */
function siteOrigin(): string {
  // `globalThis.location` is `window.location` in a page; absent in Node (the API passes PUBLIC_URL).
  return (globalThis as { location?: { origin: string } }).location?.origin ?? 'http://localhost:8080';
}

/**
 * Chat link to a product's seller (docs/product.md §7): recipient is the shop's number, else the seller's.
 * The message greets the recipient and lists title, price in Kes, description (100 chars + '...'),
 * image URL or 'No image available', and the product page link.
 */
export function productChatLink(product: Product, origin = siteOrigin()): string {
  const number = product.shop?.whatsApp || product.seller?.whatsApp;
  const greeting = product.shop?.name || product.seller?.firstName || 'there';
  const message = [
    `Hello ${greeting}, I found your product on ${PRODUCT_NAME} and I'm interested.`,
    `Product: ${product.title}`,
    `Price: ${formatKes(product.price)}`,
    `Description: ${chatDescription(product.description)}`,
    `Image: ${absoluteUrl(product.coverImage, origin) ?? 'No image available'}`,
    `Link: ${origin}/products/${product._id}`,
  ].join('\n');
  return chatLink(number, message);
}

/** Chat link to a service's provider (docs/product.md §7), same message shape with the service name. */
export function serviceChatLink(service: Service, origin = siteOrigin()): string {
  const message = [
    `Hello ${service.provider?.firstName || 'there'}, I found your service on ${PRODUCT_NAME} and I'm interested.`,
    `Service: ${service.name}`,
    `Price: ${formatKes(service.price)}`,
    `Description: ${chatDescription(service.description)}`,
    `Image: ${absoluteUrl(service.coverImage, origin) ?? 'No image available'}`,
    `Link: ${origin}/services/${service._id}`,
  ].join('\n');
  return chatLink(service.provider?.whatsApp, message);
}

/**
 * Chat link for a product on the shop page (docs/product.md §2 "Shop details", docs/product.md §7): recipient is the
 * owner's WhatsApp number, else the shop phone; greets the shop by name, falls back to
 * 'No description available', and ends by asking to discuss further.
 */
export function shopProductChatLink(shop: Shop, product: ShopProduct, origin = siteOrigin()): string {
  const number = shop.owner?.whatsApp || shop.phone;
  const message = [
    `Hello ${shop.name}, I'm interested in this product from your shop on ${PRODUCT_NAME}.`,
    `Product: ${product.title}`,
    `Price: ${formatKes(product.price)}`,
    `Description: ${chatDescription(product.description, 'No description available')}`,
    `Image: ${absoluteUrl(product.coverImage, origin) ?? 'No image available'}`,
    `Link: ${origin}/products/${product._id}`,
    'Could we discuss further?',
  ].join('\n');
  return chatLink(number, message);
}
