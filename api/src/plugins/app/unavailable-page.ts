/**
 * The page a reader gets when the data of the page they asked for cannot be read (the database
 * is down; docs/decisions/0030): 503 with `Retry-After`, never stored, and a short readable HTML
 * page instead of an empty one. Plain HTML with one small inline style (allowed by the site's
 * CSP), no script: it reads the same on any phone.
 */
import type { FastifyReply } from 'fastify';

/** `Retry-After` of the page, seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;
/** The page's heading (tests look for it). */
export const UNAVAILABLE_HEADING = 'This page is unavailable for a moment';

/** The whole document. */
export const UNAVAILABLE_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Unavailable for a moment | Campus Soko</title>
<style>body{margin:0;padding:2rem 1rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1f2937;background:#f9fafb}main{max-width:32rem;margin:0 auto}h1{font-size:1.4rem}a{color:#15803d}</style>
</head>
<body>
<main>
<h1>${UNAVAILABLE_HEADING}</h1>
<p>Campus Soko cannot read its listings right now. Nothing you saved or posted is lost.</p>
<p>Please try again in a minute.</p>
<p><a href="">Try again</a> · <a href="/">Home</a></p>
</main>
</body>
</html>
`;

/** Sends the page with 503, `Retry-After` and `Cache-Control: no-store`. */
export function sendUnavailablePage(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8')
    .send(UNAVAILABLE_PAGE_HTML);
}
