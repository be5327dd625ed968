/**
 * SQL of the engagement counters (docs/product.md §20.6, §20.7, §20.10; ADR 0020): the batched flush of views
 * and chat clicks (one transaction, multi-row statements) and the shared daily salt of the
 * visitor hashes (when REDIS_URL is unset). Identical on PGlite and PostgreSQL.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { CountedKind, Database } from '../db/schema.ts';

/** Views counted in memory for one listing and Africa/Nairobi day ('YYYY-MM-DD'). */
export interface DailyViews {
  kind: CountedKind;
  id: string;
  day: string;
  views: number;
}

/** One visitor's chat click on one listing and day (`visitor`: the salted daily hash). */
export interface ChatVisit {
  kind: CountedKind;
  id: string;
  day: string;
  visitor: string;
}

/** What one flush wrote: views added, chat clicks counted (new visitors) and rows upserted. */
export interface FlushWritten {
  views: number;
  chatClicks: number;
  dailyRows: number;
}

/** Rows per multi-row statement (5 parameters a row, far below PostgreSQL's 65 535). */
const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const dailyKey = (kind: string, id: string, day: string) => `${kind}|${id}|${day}`;

export type EngagementRepository = ReturnType<typeof engagementRepository>;

/** Builds the engagement repository over `db`. */
export function engagementRepository(db: Kysely<Database>) {
  return {
    /**
     * Writes one batch in ONE transaction: inserts the chat visitors (a visitor already counted
     * that day for that listing is skipped, `ON CONFLICT DO NOTHING`), upserts the daily rows
     * (views + new clicks), adds the views to `products.views` / `services.views`, and deletes
     * visitor hashes and salts of days before `keepFrom` ('YYYY-MM-DD'). Rows are written in key
     * order, so two processes flushing at once cannot deadlock. Views of a deleted listing add
     * nothing to its (gone) row.
     */
    async flush(views: DailyViews[], visits: ChatVisit[], keepFrom: string): Promise<FlushWritten> {
      return db.transaction().execute(async (trx) => {
        const daily = new Map<
          string,
          { kind: CountedKind; id: string; day: string; views: number; clicks: number }
        >();
        for (const v of views) daily.set(dailyKey(v.kind, v.id, v.day), { ...v, clicks: 0 });
        let chatClicks = 0;
        const sortedVisits = [...visits].sort((a, b) =>
          `${a.day}|${a.kind}|${a.id}|${a.visitor}`.localeCompare(`${b.day}|${b.kind}|${b.id}|${b.visitor}`),
        );
        for (const part of chunks(sortedVisits)) {
          const rows = sql.join(
            part.map((v) => sql`(${v.day}::date, ${v.kind}, ${v.id}::uuid, ${v.visitor})`),
          );
          const counted = await sql<{ kind: CountedKind; listing_id: string; day: string }>`
            INSERT INTO chat_visitors (day, kind, listing_id, visitor) VALUES ${rows}
            ON CONFLICT DO NOTHING
            RETURNING kind, listing_id, day::text AS day`.execute(trx);
          for (const row of counted.rows) {
            const key = dailyKey(row.kind, row.listing_id, row.day);
            const entry = daily.get(key) ?? {
              kind: row.kind,
              id: row.listing_id,
              day: row.day,
              views: 0,
              clicks: 0,
            };
            entry.clicks += 1;
            daily.set(key, entry);
            chatClicks += 1;
          }
        }
        const dailyRows = [...daily.entries()]
          .filter(([, row]) => row.views > 0 || row.clicks > 0)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([, row]) => row);
        for (const part of chunks(dailyRows)) {
          const rows = sql.join(
            part.map(
              (r) => sql`(${r.kind}, ${r.id}::uuid, ${r.day}::date, ${r.views}::int, ${r.clicks}::int)`,
            ),
          );
          await sql`
            INSERT INTO listing_daily_stats (kind, listing_id, day, views, chat_clicks) VALUES ${rows}
            ON CONFLICT (kind, listing_id, day) DO UPDATE SET
              views = listing_daily_stats.views + excluded.views,
              chat_clicks = listing_daily_stats.chat_clicks + excluded.chat_clicks`.execute(trx);
        }
        let viewsAdded = 0;
        for (const table of ['products', 'services'] as const) {
          const perListing = new Map<string, number>();
          for (const v of views) {
            if (v.kind !== table || v.views <= 0) continue;
            perListing.set(v.id, (perListing.get(v.id) ?? 0) + v.views);
            viewsAdded += v.views;
          }
          const sorted = [...perListing.entries()].sort(([a], [b]) => a.localeCompare(b));
          for (const part of chunks(sorted)) {
            const rows: RawBuilder<unknown> = sql.join(part.map(([id, n]) => sql`(${id}::uuid, ${n}::int)`));
            await sql`
              UPDATE ${sql.table(table)} AS l SET views = l.views + v.n
              FROM (VALUES ${rows}) AS v(id, n)
              WHERE l.id = v.id`.execute(trx);
          }
        }
        await sql`DELETE FROM chat_visitors WHERE day < ${keepFrom}::date`.execute(trx);
        await sql`DELETE FROM visitor_salts WHERE day < ${keepFrom}::date`.execute(trx);
        return { views: viewsAdded, chatClicks, dailyRows: dailyRows.length };
      });
    },

    /**
     * The salt of `day` ('YYYY-MM-DD'): `candidate` when this call stores the first one, else the
     * one another process stored first (all processes agree).
     */
    async daySalt(day: string, candidate: string): Promise<string> {
      await db
        .insertInto('visitor_salts')
        .values({ day, salt: candidate })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
      const row = await db
        .selectFrom('visitor_salts')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return row.salt;
    },
  };
}
