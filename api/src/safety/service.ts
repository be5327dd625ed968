/**
 * Scam signals use cases (docs/product.md §29, ADR 0034): computed when a listing is written
 * (create, edit, new pictures) and when its seller is reported, never when it is viewed; stored
 * per listing with their evidence (`listing_signals`). Item answers carry the ones that hold
 * (`currentSignals`), the moderation desk lists them with their evidence, and a background job
 * hashes the pictures stored before the signals existed.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { SafetySignalKind } from '../db/schema.ts';
import { differenceHash } from '../uploads/image-pipeline.ts';
import type { LocalStorage, ObjectStorage } from '../uploads/storage.ts';
import type { FlagRow, ListingType, SafetyRepository } from './repository.ts';
import {
  advancePayment,
  matchPhrases,
  newAccountHighPrice,
  priceOutlier,
  reportedSeller,
  reusedPhoto,
  SIGNAL_RULES,
  type SignalFinding,
} from './rules.ts';

/** The one-time job hashing the pictures stored before migration 0019. */
const HASH_JOB = 'hash_stored_pictures';

/** Every kind a listing write recomputes. */
const LISTING_KINDS: readonly SafetySignalKind[] = [
  'price_outlier',
  'reused_photo',
  'advance_payment',
  'new_account_high_price',
  'reported_seller',
];

export interface SafetyServiceDeps {
  /** Clock (tests inject one). */
  now?: () => Date;
  /** Called with the listing types whose signals changed: the app drops their cached answers. */
  onChange?: (type: ListingType) => void | Promise<void>;
  log?: FastifyBaseLogger;
}

/** One flagged listing of the moderation desk. */
export interface SafetyFlag {
  listingType: ListingType;
  listingId: string;
  title: string;
  link: string;
  moderation: FlagRow['moderation'];
  owner: { _id: string; name: string; email: string };
  signals: {
    kind: SafetySignalKind;
    message: string;
    evidence: Record<string, unknown>;
    createdAt: string;
  }[];
}

export type SafetyService = ReturnType<typeof safetyService>;

/** Builds the signals service over its repository. */
export function safetyService(repository: SafetyRepository, deps: SafetyServiceDeps = {}) {
  const now = deps.now ?? (() => new Date());

  /** The findings of every rule for one listing (null when it is gone). */
  async function evaluate(type: ListingType, id: string, at: Date): Promise<SignalFinding[] | null> {
    const listing = await repository.listing(type, id);
    if (!listing) return null;
    const price = Number(listing.price);
    const similar = { minSimilarity: SIGNAL_RULES.titleSimilarity, limit: SIGNAL_RULES.maxComparables };
    const [campus, national, matches, phrases, reporters] = await Promise.all([
      repository.comparables(type, listing, { ...similar, university: listing.owner_university }),
      repository.comparables(type, listing, similar),
      repository.photoMatches(type, id, SIGNAL_RULES.maxPhotoDistance, SIGNAL_RULES.minHashBits),
      repository.phrases(),
      repository.reporters(listing.owner_id, new Date(at.getTime() - SIGNAL_RULES.reportWindowMs)),
    ]);
    return [
      reusedPhoto(matches),
      priceOutlier(price, campus, national, listing.owner_university),
      advancePayment(matchPhrases(listing.description, phrases)),
      newAccountHighPrice(price, listing.owner_created_at, at),
      reportedSeller(reporters, at),
    ].filter((finding): finding is SignalFinding => finding !== null);
  }

  /** Recomputes and stores every signal of one listing. */
  async function refresh(type: ListingType, id: string): Promise<void> {
    const at = now();
    const findings = await evaluate(type, id, at);
    if (findings === null) return;
    await repository.replaceSignals(type, id, LISTING_KINDS, findings, at);
  }

  return {
    evaluate: (type: ListingType, id: string) => evaluate(type, id, now()),

    /**
     * After a listing was created or edited: stores the dHashes of its new pictures (`hashes`,
     * 1200 px URL → hash) and recomputes its signals. Failures are logged, never thrown: the
     * listing is written either way.
     */
    async listingWritten(
      type: ListingType,
      id: string,
      hashes: ReadonlyMap<string, bigint> = new Map(),
    ): Promise<void> {
      try {
        const listing = await repository.listing(type, id);
        if (!listing) return;
        const current = [listing.cover_image, ...listing.photos].filter((url): url is string => !!url);
        await repository.storeHashes(type, id, listing.owner_id, hashes, current, now());
        await refresh(type, id);
        await deps.onChange?.(type);
      } catch (error) {
        deps.log?.error({ err: error, type, id }, 'computing the safety signals of a listing failed');
      }
    },

    /** After a listing was deleted: forgets its signals and hashes (logged, never thrown). */
    async listingRemoved(type: ListingType, id: string): Promise<void> {
      await repository.forget(type, id).catch((error) => {
        deps.log?.error({ err: error, type, id }, 'forgetting the safety signals of a listing failed');
      });
    },

    /**
     * After a report of a user, listing or shop: recomputes `reported_seller` on every listing of
     * the target's owner (logged, never thrown).
     */
    async reported(targetType: 'product' | 'service' | 'shop' | 'user', targetId: string): Promise<void> {
      try {
        const owner = await repository.ownerOfTarget(targetType, targetId);
        if (!owner) return;
        const at = now();
        const finding = reportedSeller(
          await repository.reporters(owner, new Date(at.getTime() - SIGNAL_RULES.reportWindowMs)),
          at,
        );
        const changed = new Set<ListingType>();
        for (const listing of await repository.listingsOf(owner)) {
          await repository.replaceSignals(
            listing.type,
            listing.id,
            ['reported_seller'],
            finding ? [finding] : [],
            at,
          );
          changed.add(listing.type);
        }
        for (const type of changed) await deps.onChange?.(type);
      } catch (error) {
        deps.log?.error({ err: error, targetType, targetId }, 'computing the reported-seller signal failed');
      }
    },

    /**
     * `GET /admin/safety-signals`: the listings with a signal that holds now, each with every such
     * signal and its evidence, the newest signal's listing first (at most `limit` signals read).
     */
    async flags(limit = 500): Promise<SafetyFlag[]> {
      const flags = new Map<string, SafetyFlag>();
      for (const row of await repository.flags(now(), limit)) {
        const key = `${row.listing_type}:${row.listing_id}`;
        let flag = flags.get(key);
        if (!flag) {
          flag = {
            listingType: row.listing_type,
            listingId: row.listing_id,
            title: row.title,
            link: `/${row.listing_type}/${row.listing_id}`,
            moderation: row.moderation,
            owner: { _id: row.owner_id, name: row.owner_name, email: row.owner_email },
            signals: [],
          };
          flags.set(key, flag);
        }
        flag.signals.push({
          kind: row.kind,
          message: row.message,
          evidence: row.evidence,
          createdAt: new Date(row.created_at).toISOString(),
        });
      }
      return [...flags.values()];
    },

    /**
     * At start: `hashStoredPictures` once per database (`safety_jobs`); resolves with the number
     * hashed (0 when already done).
     */
    async hashStoredPicturesOnce(storage: LocalStorage | ObjectStorage): Promise<number> {
      if (await repository.jobDone(HASH_JOB)) return 0;
      const hashed = await this.hashStoredPictures(storage);
      await repository.markJobDone(HASH_JOB, now());
      return hashed;
    },

    /**
     * Hashes the listing pictures stored without a dHash (before migration 0019), a batch at a
     * time, then recomputes the signals of the listings whose pictures it hashed. Unreadable
     * pictures are skipped (logged). Resolves with the number hashed.
     */
    async hashStoredPictures(storage: LocalStorage | ObjectStorage, batch = 50): Promise<number> {
      const skipped: string[] = [];
      const touched = new Map<string, { type: ListingType; id: string }>();
      let hashed = 0;
      for (;;) {
        const pictures = await repository.unhashedPictures(batch, skipped);
        if (pictures.length === 0) break;
        for (const picture of pictures) {
          try {
            const bytes = await readStored(storage, picture.url.slice('/uploads/'.length));
            await repository.storeHash(picture, await differenceHash(bytes));
            touched.set(`${picture.listing_type}:${picture.listing_id}`, {
              type: picture.listing_type,
              id: picture.listing_id,
            });
            hashed++;
          } catch (error) {
            skipped.push(picture.url);
            deps.log?.warn({ err: error, url: picture.url }, 'could not hash a stored picture');
          }
        }
      }
      for (const { type, id } of touched.values()) await refresh(type, id);
      for (const type of new Set([...touched.values()].map((t) => t.type))) await deps.onChange?.(type);
      return hashed;
    },
  };
}

/** The bytes stored under `key`. */
async function readStored(storage: LocalStorage | ObjectStorage, key: string): Promise<Buffer> {
  if (storage.driver === 'local') return readFile(storage.pathFor(key));
  const object = await storage.get(key);
  if (!object) throw new Error(`no object ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
