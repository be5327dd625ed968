/**
 * Local placeholder images as inline SVG data URLs (docs/product.md §9 "Placeholder images are used for the
 * profile, the shop cover and the product"): no request, no outside host, well under 1 KB each.
 */
function svgDataUrl(width: number, height: number, body: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${body}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** 4:3 grey picture with a mountain-and-sun glyph: a product or service without a cover. */
export const PRODUCT_PLACEHOLDER = svgDataUrl(
  400,
  300,
  '<rect width="400" height="300" fill="#e8ece9"/><path d="M140 205l45-58 32 38 22-24 41 44z" fill="#b6c1bb"/><circle cx="238" cy="118" r="15" fill="#b6c1bb"/>',
);

/** Wide green gradient: a shop without a cover banner. */
export const SHOP_COVER_PLACEHOLDER = svgDataUrl(
  1200,
  300,
  '<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="#0b6e4f"/><stop offset="1" stop-color="#5aa88a"/></linearGradient></defs><rect width="1200" height="300" fill="url(#g)"/>',
);

/** Grey person silhouette: a profile without a photo. */
export const PROFILE_PLACEHOLDER = svgDataUrl(
  96,
  96,
  '<rect width="96" height="96" fill="#dfe5e1"/><circle cx="48" cy="38" r="18" fill="#9aa69f"/><path d="M14 96c3-22 18-33 34-33s31 11 34 33z" fill="#9aa69f"/>',
);
