/**
 * Every process's copy of the release routing (docs/decisions/0029-remote-releases.md,
 * "Serving"): read once from the registry, then kept fresh
 * - at once in the process that made a change (`changed()`, wired to the releases service's
 *   `onChange`),
 * - within milliseconds in the other processes through Redis pub/sub when REDIS_URL is set
 *   (channel `<prefix>releases:routing`), and
 * - within {@link ROUTING_POLL_MS} by a poll of the registry (3 small rows) in any case, which also
 *   covers a message lost across a Redis reconnect.
 * So every process serves a promote within ~2 s, well inside the 5 s the site promises.
 */
import type { Redis } from 'ioredis';
import type { RoutingTable } from './resolution.ts';

/** Poll period of the registry's routing, ms. */
export const ROUTING_POLL_MS = 2000;

export interface RoutingCacheOptions {
  /** Reads the registry (the releases service's `routing()`). */
  load: () => Promise<RoutingTable>;
  /** Shared Redis connection (null: poll only). A subscriber connection is duplicated from it. */
  redis: Redis | null;
  /** Pub/sub channel. */
  channel: string;
  pollMs?: number;
  log: { warn(object: unknown, message: string): void };
}

export interface RoutingCache {
  /** The routing table, read from the registry on first use. */
  current(): Promise<RoutingTable>;
  /** Reads the registry now (and tells the other processes when `announce`). */
  changed(remote: string, announce?: boolean): Promise<void>;
  /** Starts the poll and the subscription. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Creates a process's routing cache (see the module comment). */
export function createRoutingCache(options: RoutingCacheOptions): RoutingCache {
  let table: RoutingTable | null = null;
  let loading: Promise<RoutingTable> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let subscriber: Redis | null = null;

  const reload = (): Promise<RoutingTable> => {
    loading ??= options
      .load()
      .then((next) => {
        table = next;
        return next;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  const reloadQuietly = () =>
    reload().catch((error: unknown) =>
      options.log.warn({ err: error }, 'reading the release routing failed'),
    );

  return {
    async current() {
      return table ?? reload();
    },
    async changed(remote, announce = true) {
      // A reload already running may have read the table before the change: wait, then read again.
      if (loading) await loading.catch(() => {});
      await reload();
      if (announce && options.redis) {
        await options.redis
          .publish(options.channel, remote)
          .catch((error: unknown) => options.log.warn({ err: error }, 'announcing a routing change failed'));
      }
    },
    async start() {
      timer = setInterval(() => void reloadQuietly(), options.pollMs ?? ROUTING_POLL_MS);
      timer.unref();
      if (options.redis) {
        // The shared connection fails commands at once while Redis is away (ADR 0030); the
        // subscriber queues its SUBSCRIBE until Redis answers (and re-subscribes after a
        // reconnect), and the start never waits for it: the poll serves meanwhile.
        subscriber = options.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
        subscriber.on('error', (error) => options.log.warn({ err: error }, 'routing subscriber error'));
        subscriber.on('message', () => void reloadQuietly());
        subscriber
          .subscribe(options.channel)
          .catch((error: unknown) => options.log.warn({ err: error }, 'routing subscription failed'));
      }
    },
    async stop() {
      clearInterval(timer);
      subscriber?.disconnect();
    },
  };
}
