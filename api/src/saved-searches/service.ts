/**
 * Saved searches use cases (docs/product.md §30; ADR 0035): list, save (at most
 * `MAX_SAVED_SEARCHES` per student), rename / change the alert / mark seen, delete — owner only —
 * and the one-click unsubscribe by signed token. A saved search's `filters` are the list route's
 * query, checked by the caller with that route's own schema (`checkFilters`), so a filter the
 * list gains later is one more field here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SavedSearch } from '@campus/shared/contract';
import { listRequest } from '../catalog/listing.ts';
import { isUuid } from '../common/http.ts';
import type { FavouriteKind, SavedSearchAlert } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import type { SavedSearchesRepository, SavedSearchRow } from './repository.ts';

/** Most saved searches a student may keep (docs/product.md §30). */
export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_LIMIT_MESSAGE = `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`;
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';
export const NOT_YOUR_SAVED_SEARCH = 'This saved search is not yours';
export const BAD_UNSUBSCRIBE_TOKEN = 'This unsubscribe link is not valid.';
export const EMPTY_NAME_MESSAGE = 'name must not be empty';
/** Query keys that page a list rather than filter it: never stored. */
const PAGING_KEYS = ['page', 'limit'];

/** The fields of a save. */
export interface SaveInput {
  name: string;
  kind: FavouriteKind;
  /** The list query, already checked by `checkFilters`. */
  filters: Record<string, unknown>;
  alert: SavedSearchAlert;
}

/** The fields of an edit (each optional). */
export interface EditInput {
  name?: string;
  alert?: SavedSearchAlert;
  /** true: the student looked at the matches now (the new count restarts at 0). */
  seen?: boolean;
}

export interface SavedSearchesServiceDeps {
  /** Secret the unsubscribe tokens are signed with (derived from JWT_SECRET). */
  secret: string;
  now?: () => Date;
}

/**
 * Keeps only the list query's own filter keys (`properties` of its schema) without paging,
 * after the schema check (`validated`), and applies the list's own further checks
 * (`listRequest`: minPrice <= maxPrice, a known university).
 * @throws HttpError 400 with the list route's messages
 */
export function checkFilters(
  kind: FavouriteKind,
  validated: Record<string, unknown>,
  schemaProperties: readonly string[],
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of schemaProperties) {
    if (!PAGING_KEYS.includes(key) && validated[key] !== undefined) kept[key] = validated[key];
  }
  // The list's own spelling of the university (the list matches it case-insensitively).
  const request = listRequest(kept as never, { conditions: kind === 'products' });
  if (request.filter.university) kept.university = request.filter.university;
  return kept;
}

/** The list page URL of a saved search: `/products?search=laptop&category=Electronics`. */
export function listUrl(kind: FavouriteKind, filters: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return `/${kind}${text ? `?${text}` : ''}`;
}

/** The JSON of a saved search. */
export function savedSearchJson(row: SavedSearchRow): SavedSearch {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    filters: row.filters,
    alert: row.alert,
    newMatches: row.new_matches,
    listUrl: listUrl(row.kind, row.filters),
    lastSeenAt: row.last_seen_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Signs and checks the unsubscribe tokens: `<payload>.<HMAC-SHA256>`, both base64url. */
export function unsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('saved-search-unsubscribe').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    /** A token that turns off the alerts of `searchIds` of `userId` (no expiry: one click). */
    sign(userId: string, searchIds: string[]): string {
      const payload = Buffer.from(JSON.stringify({ u: userId, s: searchIds })).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    /** The token's user and saved searches, or null when it is malformed or not ours. */
    verify(token: string): { userId: string; searchIds: string[] } | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
          u?: unknown;
          s?: unknown;
        };
        if (typeof value.u !== 'string' || !isUuid(value.u) || !Array.isArray(value.s)) return null;
        const ids = value.s.filter((id): id is string => typeof id === 'string' && isUuid(id));
        return { userId: value.u, searchIds: ids };
      } catch {
        return null;
      }
    },
  };
}

export type SavedSearchesService = ReturnType<typeof savedSearchesService>;

/** Builds the service. */
export function savedSearchesService(repository: SavedSearchesRepository, deps: SavedSearchesServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const tokens = unsubscribeTokens(deps.secret);

  /** @throws HttpError 404 unknown, 403 not the owner's */
  async function owned(userId: string, id: string): Promise<SavedSearchRow> {
    const row = isUuid(id) ? await repository.find(id.toLowerCase()) : undefined;
    if (!row) throw notFound(SAVED_SEARCH_NOT_FOUND);
    if (row.user_id !== userId) throw new HttpError(403, NOT_YOUR_SAVED_SEARCH);
    return row;
  }

  return {
    tokens,

    /** `GET /saved-searches`: the student's, oldest first, each with its new-match count. */
    async list(userId: string): Promise<SavedSearch[]> {
      return (await repository.list(userId)).map(savedSearchJson);
    },

    /**
     * `POST /saved-searches`.
     * @throws HttpError 409 `SAVED_SEARCH_LIMIT_MESSAGE` at `MAX_SAVED_SEARCHES`
     */
    async save(userId: string, input: SaveInput): Promise<SavedSearch> {
      if (!input.name.trim()) throw new HttpError(400, EMPTY_NAME_MESSAGE, { name: EMPTY_NAME_MESSAGE });
      const id = await repository.insertWithinLimit(
        { user_id: userId, kind: input.kind, name: input.name, filters: input.filters, alert: input.alert },
        MAX_SAVED_SEARCHES,
        now(),
      );
      if (!id) throw new HttpError(409, SAVED_SEARCH_LIMIT_MESSAGE);
      return savedSearchJson((await repository.find(id)) as SavedSearchRow);
    },

    /**
     * `PATCH /saved-searches/:id`: rename, change the alert, and/or mark the matches seen.
     * @throws HttpError 404, 403, 400 when nothing is sent
     */
    async edit(userId: string, id: string, input: EditInput): Promise<SavedSearch> {
      if (input.name !== undefined && !input.name.trim()) {
        throw new HttpError(400, EMPTY_NAME_MESSAGE, { name: EMPTY_NAME_MESSAGE });
      }
      const row = await owned(userId, id);
      const at = now();
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.alert !== undefined ? { alert: input.alert } : {}),
        ...(input.seen ? { last_seen_at: at } : {}),
      };
      if (Object.keys(changes).length === 0) throw new HttpError(400, 'Nothing to update');
      if (!(await repository.update(row.id, changes, at))) throw notFound(SAVED_SEARCH_NOT_FOUND);
      return savedSearchJson((await repository.find(row.id)) as SavedSearchRow);
    },

    /** `DELETE /saved-searches/:id`. @throws HttpError 404, 403 */
    async remove(userId: string, id: string): Promise<void> {
      const row = await owned(userId, id);
      if (!(await repository.delete(row.id))) throw notFound(SAVED_SEARCH_NOT_FOUND);
    },

    /**
     * The one-click unsubscribe: turns off the alerts the token names (idempotent).
     * @returns how many were still on
     * @throws HttpError 400 `BAD_UNSUBSCRIBE_TOKEN`
     */
    async unsubscribe(token: string): Promise<number> {
      const claims = tokens.verify(token);
      if (!claims) throw new HttpError(400, BAD_UNSUBSCRIBE_TOKEN);
      return repository.alertsOff(claims.userId, claims.searchIds, now());
    },
  };
}
