/**
 * Sitemap and robots.txt (docs/product.md §23.6): what search engines and link unfurlers may crawl.
 *
 * - `/sitemap.xml`: a `<urlset>` of the site's public pages (home, lists, about and legal pages)
 *   and every public item page (available products, services, shops), absolute URLs from
 *   PUBLIC_URL. When there are more than `pageSize` URLs (default 5 000; the protocol allows
 *   50 000 per file, smaller files are quicker to build and fetch), `/sitemap.xml` becomes a
 *   `<sitemapindex>` of `/sitemap-1.xml` … `/sitemap-N.xml`.
 * - `/robots.txt`: allows everything except the private areas (`/app`, `/auth`, `/api/`) and
 *   names the sitemap.
 *
 * XML is written here (two element types, every value escaped) rather than with a library.
 */
import type { SitemapKind, SitemapRepository } from './repository.ts';

/** URLs per sitemap file when paged (docs/product.md §23.6: 5 000). */
export const SITEMAP_PAGE_SIZE = 5000;

/** Public pages that are not items (host routes, docs/product.md §2 and §17). */
export const STATIC_SITEMAP_PATHS = [
  '/',
  '/products',
  '/services',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-and-conditions',
] as const;

const ITEM_PATH: Record<SitemapKind, string> = {
  product: '/products/',
  service: '/services/',
  shop: '/shop/',
};

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for an XML element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A `<urlset>` of absolute URLs with optional last-modified dates. */
function urlset(urls: { loc: string; lastmod?: Date }[]): string {
  const body = urls
    .map(
      ({ loc, lastmod }) =>
        `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}

export type SitemapService = ReturnType<typeof sitemapService>;

/**
 * @param repository the sitemap's SQL
 * @param options `publicUrl`: origin (and optional path) of the site without trailing slash, e.g.
 *   `https://campussoko.example`; `pageSize`: URLs per sitemap file when paged
 */
export function sitemapService(
  repository: SitemapRepository,
  options: { publicUrl: string; pageSize?: number },
) {
  const base = options.publicUrl.replace(/\/+$/, '');
  const pageSize = options.pageSize ?? SITEMAP_PAGE_SIZE;
  const staticUrls = STATIC_SITEMAP_PATHS.map((path) => ({ loc: base + path }));

  /** Number of sitemap files the URLs fill (1 when they fit in `/sitemap.xml` itself). */
  async function pageCount(): Promise<number> {
    const total = staticUrls.length + (await repository.count());
    return Math.max(1, Math.ceil(total / pageSize));
  }

  /**
   * URLs of sitemap file `page` (1-based): the static pages lead page 1, items follow.
   * @returns null when `page` is past the last file
   */
  async function pageUrls(page: number, pages: number) {
    if (page < 1 || page > pages) return null;
    const start = (page - 1) * pageSize;
    const statics = staticUrls.slice(start, start + pageSize);
    const itemOffset = Math.max(0, start - staticUrls.length);
    const rows = await repository.findPage(itemOffset, pageSize - statics.length);
    return [
      ...statics,
      ...rows.map((row) => ({ loc: `${base}${ITEM_PATH[row.kind]}${row.id}`, lastmod: row.updated_at })),
    ];
  }

  return {
    /**
     * `/sitemap.xml`: the urlset when everything fits in one file, else the sitemap index.
     * @returns XML text
     */
    async root(): Promise<string> {
      const pages = await pageCount();
      if (pages === 1) return urlset((await pageUrls(1, 1))!);
      const entries = Array.from(
        { length: pages },
        (_, index) => `<sitemap><loc>${escapeXml(`${base}/sitemap-${index + 1}.xml`)}</loc></sitemap>`,
      ).join('\n');
      return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries}\n</sitemapindex>\n`;
    },

    /**
     * `/sitemap-<page>.xml` (1-based) of a paged sitemap.
     * @returns XML text, or null when there is no such page (including every page when the
     *   sitemap is not paged: `/sitemap.xml` holds everything then)
     */
    async page(page: number): Promise<string | null> {
      const pages = await pageCount();
      if (pages === 1) return null;
      const urls = await pageUrls(page, pages);
      return urls ? urlset(urls) : null;
    },

    /** `/robots.txt`: crawl the public site, not the private areas; where the sitemap is. */
    robots(): string {
      return [
        'User-agent: *',
        'Disallow: /app',
        'Disallow: /auth',
        'Disallow: /api/',
        'Allow: /',
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}
