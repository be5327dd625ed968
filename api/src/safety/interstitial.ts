/**
 * The page the chat redirect shows before WhatsApp when a listing has scam signals (docs/product.md
 * §29): the specific warnings, the generic advice, a "Continue to WhatsApp" link and a way back.
 * Plain HTML with no script, so it works without JavaScript.
 */
import { PRODUCT_NAME } from '@campus/shared/constants';
import { escapeHtml } from '../mail/templates.ts';

/** A warning as item answers carry it. */
export interface InterstitialSignal {
  kind: string;
  message: string;
}

/**
 * The interstitial's HTML.
 * @param page.title the listing's title
 * @param page.continuePath the counted chat route with `continue=1`
 * @param page.backPath the listing's page
 */
export function signalsInterstitial(page: {
  title: string;
  signals: readonly InterstitialSignal[];
  continuePath: string;
  backPath: string;
}): string {
  const items = page.signals
    .map((signal) => `<li data-kind="${escapeHtml(signal.kind)}">${escapeHtml(signal.message)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Before you chat: ${escapeHtml(page.title)} | ${escapeHtml(PRODUCT_NAME)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;color:#1d2521">
<main>
<h1 style="font-size:1.4rem">Before you chat about “${escapeHtml(page.title)}”</h1>
<section role="alert" aria-labelledby="signals-title" style="border:2px solid #b54708;background:#fff7ed;border-radius:8px;padding:0.75rem 1rem">
<h2 id="signals-title" style="font-size:1.1rem;margin:0 0 0.5rem">Warning: this listing looks risky</h2>
<ul>${items}</ul>
</section>
<p>Meet in a public place on campus, inspect the item, and never send M-Pesa before you have seen it.</p>
<p><a href="${escapeHtml(page.continuePath)}" rel="noopener noreferrer" style="display:inline-block;background:#0b6e4f;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Continue to WhatsApp</a></p>
<p><a href="${escapeHtml(page.backPath)}">Back to the listing</a></p>
</main>
</body></html>`;
}
