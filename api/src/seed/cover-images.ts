/**
 * Demo cover pictures, drawn locally: an SVG (diagonal gradient in one hue, a few translucent
 * circles and stripes, the title wrapped on up to 4 lines, an optional subtitle such as the
 * category, and a small "Campus Soko" mark) rasterised by sharp/librsvg to PNG.
 * No network and no bundled font: text uses the generic 'DejaVu Sans, sans-serif' family, so any
 * installed sans-serif font will do.
 */
import sharp from 'sharp';

/** Options of `renderCoverImage`. */
export interface CoverImageOptions {
  /** Main text; wrapped on up to 4 lines, '…' when longer. */
  title: string;
  /** Smaller line above the title, e.g. the category. */
  subtitle?: string;
  /** Base hue in degrees, 0-360 (other values are wrapped into that range). */
  hue: number;
  /** Width in px (default 1200). */
  width?: number;
  /** Height in px (default 900). */
  height?: number;
}

const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
/** Average advance width of a bold sans-serif character, as a fraction of the font size. */
const AVERAGE_CHAR_WIDTH = 0.6;
const MAX_TITLE_LINES = 4;

/** Escapes text for use inside SVG/XML elements and attribute values. */
function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits `text` into at most `maxLines` lines of at most `maxChars` characters, '…' when cut. */
function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  let index = 0;
  for (; index < words.length; index++) {
    let word = words[index]!;
    if (word.length > maxChars) word = `${word.slice(0, maxChars - 1)}…`;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && current) {
    lines.push(current);
    current = '';
    index = words.length;
  }
  if (index < words.length) {
    const last = lines[maxLines - 1] ?? '';
    lines[maxLines - 1] = `${last.length >= maxChars ? last.slice(0, maxChars - 1) : last}…`;
  }
  return lines;
}

/**
 * Stable hue for a string (FNV-1a hash), so a given title always gets the same colour.
 * @returns an integer in 0..359 (degrees)
 */
export function hueFor(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}

/** Builds the SVG source of a cover (exported for tests and previews). */
export function coverSvg(opts: CoverImageOptions): string {
  const width = Math.round(opts.width ?? 1200);
  const height = Math.round(opts.height ?? 900);
  const hue = ((Math.round(opts.hue) % 360) + 360) % 360;
  const hue2 = (hue + 40) % 360;
  const short = Math.min(width, height);

  const padding = Math.round(width * 0.08);
  const titleSize = Math.max(12, Math.round(short * 0.085));
  const subtitleSize = Math.max(10, Math.round(short * 0.04));
  const maxChars = Math.max(6, Math.floor((width - 2 * padding) / (titleSize * AVERAGE_CHAR_WIDTH)));
  const lines = wrapText(opts.title, maxChars, MAX_TITLE_LINES);
  const lineHeight = Math.round(titleSize * 1.2);
  const blockHeight = lines.length * lineHeight;
  const firstBaseline = Math.round(height * 0.55 - blockHeight / 2 + titleSize);

  const shadow = Math.max(1, Math.round(titleSize * 0.04));
  const titleText = lines
    .map((line, i) => {
      const y = firstBaseline + i * lineHeight;
      const text = escapeXml(line);
      return (
        `<text x="${padding + shadow}" y="${y + shadow}" font-size="${titleSize}" font-weight="bold" fill="#000000" fill-opacity="0.25">${text}</text>` +
        `<text x="${padding}" y="${y}" font-size="${titleSize}" font-weight="bold" fill="#ffffff">${text}</text>`
      );
    })
    .join('');
  const subtitle = opts.subtitle?.trim();
  const subtitleText = subtitle
    ? `<text x="${padding}" y="${firstBaseline - titleSize - Math.round(subtitleSize * 0.9)}" font-size="${subtitleSize}" fill="#ffffff" fill-opacity="0.85" letter-spacing="${Math.round(subtitleSize * 0.08)}">${escapeXml(subtitle.toUpperCase())}</text>`
    : '';

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue}, 60%, 46%)"/>
<stop offset="1" stop-color="hsl(${hue2}, 55%, 26%)"/>
</linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="${Math.round(width * 0.86)}" cy="${Math.round(height * 0.16)}" r="${Math.round(short * 0.34)}" fill="#ffffff" fill-opacity="0.10"/>
<circle cx="${Math.round(width * 0.95)}" cy="${Math.round(height * 0.42)}" r="${Math.round(short * 0.16)}" fill="#ffffff" fill-opacity="0.08"/>
<circle cx="${Math.round(width * 0.08)}" cy="${Math.round(height * 0.98)}" r="${Math.round(short * 0.28)}" fill="#000000" fill-opacity="0.10"/>
<g stroke="#ffffff" stroke-opacity="0.10" stroke-width="${Math.max(2, Math.round(short * 0.012))}">
<line x1="${Math.round(width * 0.55)}" y1="${height}" x2="${width}" y2="${Math.round(height * 0.55)}"/>
<line x1="${Math.round(width * 0.65)}" y1="${height}" x2="${width}" y2="${Math.round(height * 0.65)}"/>
<line x1="${Math.round(width * 0.75)}" y1="${height}" x2="${width}" y2="${Math.round(height * 0.75)}"/>
</g>
<g font-family="${FONT_FAMILY}">
${subtitleText}
${titleText}
<text x="${padding}" y="${height - Math.round(padding * 0.6)}" font-size="${subtitleSize}" font-weight="bold" fill="#ffffff" fill-opacity="0.7">Campus Soko</text>
</g>
</svg>`;
}

/**
 * Renders a cover picture.
 * @returns PNG bytes of exactly `width` x `height` px (defaults 1200 x 900)
 * @throws RangeError when width or height is not a positive number up to 4000 px
 */
export async function renderCoverImage(opts: CoverImageOptions): Promise<Buffer> {
  const width = Math.round(opts.width ?? 1200);
  const height = Math.round(opts.height ?? 900);
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isFinite(value) || value < 16 || value > 4000) {
      throw new RangeError(`Cover ${name} must be between 16 and 4000 px, got ${value}`);
    }
  }
  const svg = coverSvg({ ...opts, width, height });
  return sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height, { fit: 'fill' })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
