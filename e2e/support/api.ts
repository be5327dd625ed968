/**
 * How the e2e kit reads the API as a well-behaved client does (ADR 0030): reads retried after a
 * shed or rate-limited answer, and links followed as a browser follows them.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';

/** Headers of a browser navigation: a link the student followed (never shed, ADR 0030). */
export const NAVIGATION_HEADERS = { 'sec-fetch-mode': 'navigate', accept: 'text/html' } as const;

/**
 * GET `url` as a well-behaved client: an API read shed under load (503) or rate-limited (429) is
 * sent again after its `Retry-After` (seconds, at most 5 s a wait), for up to 60 s; any other
 * answer is returned as it is (ADR 0030).
 */
export async function admittedGet(request: APIRequestContext, url: string): Promise<APIResponse> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await request.get(url);
    if ((response.status() !== 503 && response.status() !== 429) || Date.now() >= deadline) return response;
    const seconds = Number(response.headers()['retry-after']) || 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 5) * 1000));
  }
}
