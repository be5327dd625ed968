/**
 * Answers shared by every request that reads them: the response cache's values
 * (`catalog/response-cache.ts`), handed to many requests and never changed once loaded. Marking
 * one lets `plugins/app/serialized-answers.ts` serialize it, and hash its ETag, once per cache
 * entry instead of once per request (docs/decisions/0044).
 */

const shared = new WeakSet<object>();

/** Marks `value` (an object; anything else is ignored) as shared and never mutated. */
export function markShared(value: unknown): void {
  if (value !== null && typeof value === 'object') shared.add(value);
}

/** True when `value` was marked by `markShared`. */
export function isShared(value: unknown): value is object {
  return value !== null && typeof value === 'object' && shared.has(value);
}
