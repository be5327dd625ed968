/**
 * Page views and errors per remote version over a sliding window (docs/decisions/
 * 0029-remote-releases.md, "Serving"): counts in {@link SLOT_MS} slots, in memory for one
 * process, or in Redis (`<prefix>remote-health:<slot>` hashes, field `<remote> <version> views|errors`,
 * expiring after the longest window) so every process adds to and reads the same counts.
 * Nothing but counts is kept: no address, no cookie, no message.
 */
import type { Redis } from 'ioredis';

/** Width of one counting slot, ms. */
export const SLOT_MS = 10_000;
/** Slots are kept this long (the longest window the store answers for), ms. */
export const KEEP_MS = 15 * 60_000;

export type HealthField = 'views' | 'errors';

export interface VersionHealth {
  remote: string;
  version: string;
  views: number;
  errors: number;
}

export interface HealthStore {
  /** Adds `count` to a version's field in the slot of `at` (ms since the epoch). */
  add(remote: string, version: string, field: HealthField, count: number, at: number): Promise<void>;
  /** Every version's counts over the slots of (`at` − `windowMs`, `at`]. */
  window(at: number, windowMs: number): Promise<VersionHealth[]>;
}

const fieldKey = (remote: string, version: string, field: HealthField) => `${remote} ${version} ${field}`;
const slotOf = (at: number) => Math.floor(at / SLOT_MS);
const slotsIn = (at: number, windowMs: number) => {
  const last = slotOf(at);
  const count = Math.max(1, Math.ceil(windowMs / SLOT_MS));
  return Array.from({ length: count }, (_, i) => last - i);
};

/** Sums `field -> count` maps into per-version rows. */
function collect(maps: Iterable<Map<string, number> | Record<string, string>>): VersionHealth[] {
  const rows = new Map<string, VersionHealth>();
  for (const map of maps) {
    const entries =
      map instanceof Map ? [...map.entries()] : Object.entries(map).map(([k, v]) => [k, Number(v)] as const);
    for (const [key, value] of entries) {
      const [remote = '', version = '', field] = key.split(' ');
      const id = `${remote} ${version}`;
      let row = rows.get(id);
      if (!row) {
        row = { remote, version, views: 0, errors: 0 };
        rows.set(id, row);
      }
      if (field === 'views' || field === 'errors') row[field] += Number(value) || 0;
    }
  }
  return [...rows.values()];
}

/** Counts in this process's memory (one process: the embedded database). */
export function memoryHealthStore(): HealthStore {
  const slots = new Map<number, Map<string, number>>();
  return {
    async add(remote, version, field, count, at) {
      const slot = slotOf(at);
      let map = slots.get(slot);
      if (!map) {
        map = new Map();
        slots.set(slot, map);
        const oldest = slotOf(at - KEEP_MS);
        for (const key of slots.keys()) if (key < oldest) slots.delete(key);
      }
      const key = fieldKey(remote, version, field);
      map.set(key, (map.get(key) ?? 0) + count);
    },
    async window(at, windowMs) {
      return collect(slotsIn(at, windowMs).flatMap((slot) => slots.get(slot) ?? []));
    },
  };
}

/** Counts in Redis, shared by every process (REDIS_URL). */
export function redisHealthStore(redis: Redis, prefix: string): HealthStore {
  const keyOf = (slot: number) => `${prefix}remote-health:${slot}`;
  return {
    async add(remote, version, field, count, at) {
      const key = keyOf(slotOf(at));
      await redis
        .multi()
        .hincrby(key, fieldKey(remote, version, field), count)
        .pexpire(key, KEEP_MS + SLOT_MS)
        .exec();
    },
    async window(at, windowMs) {
      const pipeline = redis.pipeline();
      for (const slot of slotsIn(at, windowMs)) pipeline.hgetall(keyOf(slot));
      const results = (await pipeline.exec()) ?? [];
      return collect(results.map(([, value]) => (value ?? {}) as Record<string, string>));
    },
  };
}
