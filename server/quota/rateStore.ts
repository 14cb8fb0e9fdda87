import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/database';
import { addTo } from './counters';

/** What @fastify/rate-limit gives a route's store: its merged options, the route among them. */
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store (its `store` option) kept in the database's counters (counters.ts): every
 * copy of the server sharing the database counts the same requests, so an address meets RATE_LIMIT,
 * and each route's own limit, at the same count whichever copies answer it (issue 35, item 5). One
 * upsert a request; the windows that are over are deleted by the hourly cleanup (projects/cleanup.ts).
 * A route with a limit of its own counts apart (its method and path in the key), as the plugin's own
 * in-memory store does.
 */
export function databaseStore(db: Db): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = 'all',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = Date.now();
      addTo(db, `rate|${this.scope}|${key}`, 1, timeWindow, now, false).then(
        (c) => callback(null, { current: c.count, ttl: Math.max(0, c.until - now) }),
        (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (options as unknown as RouteLimit).routeInfo;
      return new DatabaseStore(options, `${String(route?.method ?? '')} ${route?.url ?? ''}`);
    }
  }
  return DatabaseStore;
}
