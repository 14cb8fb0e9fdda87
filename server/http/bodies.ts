import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './HttpError';
import { VisitorTally, visitorOf } from './visitor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a read of stored projects of `bytes` (limitLargeReads); throws a 429 past the limit. */
    countLargeRead: (request: FastifyRequest, reply: FastifyReply, bytes: number) => Promise<void>;
    /** Counts a large body (limitLargeBodies); throws a 429 past the limit (its Retry-After in details). */
    countLargeBody: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * The most a request to this route may send, where the route reads its body itself (multipart
     * uploads, which Fastify's bodyLimit does not bound): what capBodies reserves for it.
     */
    bodyMax?: number;
  }
}

const MB = 1024 * 1024;
/** A body of at most this is always received (and counted): every ordinary save, search or sign-in. */
const SMALL = 64 * 1024;
/**
 * A body of at most this from a visitor holding none is received even when the server's share is full:
 * sixteen addresses holding their 64 MB each (notes announcing 12 MB, sent a byte at a time) filled the
 * 1,024 MB, and every other visitor's save of a large project was refused 503 for as long as they held
 * (a helper's attack, round 8). Each address adds at most this to the server's share.
 */
const NEWCOMER = MB;
/** Seconds a refused sender is told to wait. */
const RETRY_VISITOR = 5;
const RETRY_SERVICE = 10;

/**
 * The bytes a request may hold in memory while its body arrives: its announced Content-Length, bounded by
 * the most its route accepts (`config.bodyMax`, else its bodyLimit); the route's most when it announces
 * none (chunked). 0 for a request without a body.
 */
function reservation(request: FastifyRequest, defaultLimit: number): number {
  const chunked = request.headers['transfer-encoding'] !== undefined;
  const announced = Number(request.headers['content-length']);
  if (!chunked && !(announced > 0)) return 0;
  const options = request.routeOptions;
  const most = options.config?.bodyMax ?? options.bodyLimit ?? defaultLimit;
  return chunked || Number.isNaN(announced) ? most : Math.min(announced, most);
}

/**
 * Bounds the memory of the request bodies being received (a helper's attack, 2026-11-28: 64 rain uploads
 * of one address, each sending its 40 MB slowly and never ending, held 5.4 GB until the request timeout;
 * the notes' 12 MB bodies and the files' 10 MB ones the same way, up to CONNECTIONS_PER_ADDRESS times the
 * route's limit per address). Before a byte of its body is read, each request reserves what it may send
 * (reservation above), given back when its answer is sent or its connection closes:
 * - a visitor (its address, an IPv6 /48) already holding bodies is refused a body over 64 KB that would
 *   take it past `perVisitorMb`: 429 `uploads_busy`, Retry-After;
 * - the server already holding bodies is refused one over 64 KB that would take it past `totalMb`: 503
 *   `unavailable`, Retry-After.
 * A visitor's first body is always received (its route's own limit applies), and so is every body of 64
 * KB or less, so that a full budget never refuses the saves and sign-ins of the service; the server's
 * share always lets a visitor holding nothing send a body of 1 MB (NEWCOMER: a large project's save). The refused
 * request's connection is closed after its answer, its body unread. 0: no cap.
 */
export function capBodies(app: FastifyInstance, opts: { perVisitorMb: number; totalMb: number }): void {
  const perVisitor = opts.perVisitorMb * MB;
  const total = opts.totalMb * MB;
  if (perVisitor <= 0 && total <= 0) return;
  const held = new VisitorTally();
  const refuse = (reply: { header(k: string, v: string): unknown }, seconds: number) => {
    reply.header('Retry-After', String(seconds));
    reply.header('connection', 'close');
  };
  app.addHook('onRequest', async (request, reply) => {
    const size = reservation(request, app.initialConfig.bodyLimit ?? MB);
    if (size === 0) return;
    const key = visitorOf(request);
    const mine = held.of(key);
    if (size > SMALL && perVisitor > 0 && mine > 0 && mine + size > perVisitor) {
      refuse(reply, RETRY_VISITOR);
      throw new HttpError(
        429,
        `Your earlier uploads are still being received (${opts.perVisitorMb} MB at most at once); try again when they are done`,
        undefined,
        { limit: opts.perVisitorMb, retryAfter: RETRY_VISITOR },
        'uploads_busy',
      );
    }
    const newcomer = mine === 0 && size <= NEWCOMER;
    if (size > SMALL && !newcomer && total > 0 && held.total > 0 && held.total + size > total) {
      refuse(reply, RETRY_SERVICE);
      throw new HttpError(
        503,
        'The service is receiving too many uploads; try again shortly',
        undefined,
        { retryAfter: RETRY_SERVICE },
        'unavailable',
      );
    }
    reply.raw.once('close', held.hold(key, size));
  });
}

/** A limiter of `perMinute` a minute per visitor, keyed `kind|visitor`, counted as the rate limit counts; null for 0. */
const perVisitorPerMinute = (app: FastifyInstance, perMinute: number, kind: string) =>
  perMinute > 0
    ? app.createRateLimit({
        max: perMinute,
        timeWindow: 60_000,
        keyGenerator: (request) => `${kind}|${visitorOf(request)}`,
      })
    : null;

/**
 * At most `perMinute` bodies over 64 KB a minute from one visitor (its address, an IPv6 /48), counted as
 * the general rate limit counts (@fastify/rate-limit's createRateLimit: in the database with PostgreSQL,
 * so every copy of the server counts the same): 429 with Retry-After past it, before the body is read.
 * A 200-roof project's save costs the server's thread about 11 ms, refused or not (a helper's attack,
 * 2026-11-28: six addresses saving one in a loop within the general limit kept visitors waiting about 200
 * ms); a person saves, uploads or prints a few a minute. A body under 64 KB holding more JSON values than
 * a page's body of 64 KB (turns.ts DENSE_VALUES) counts too, once read and before its parse
 * (app.countLargeBody). 0: no limit. Registered after the rate limit.
 */
export function limitLargeBodies(app: FastifyInstance, perMinute: number): void {
  const limiter = perVisitorPerMinute(app, perMinute, 'large-bodies');
  const count = async (request: FastifyRequest) => {
    if (!limiter) return;
    const r = await limiter(request);
    if (r.isAllowed || !r.isExceeded) return;
    throw new HttpError(
      429,
      `At most ${perMinute} uploads, notes and large saves a minute from one address; try again in ${r.ttlInSeconds} s`,
      undefined,
      { limit: perMinute, retryAfter: r.ttlInSeconds },
      'rate_limited',
    );
  };
  // a body under 64 KB dense in JSON values counts too, before its parse (turns.ts DENSE_VALUES)
  app.decorate('countLargeBody', count);
  app.addHook('onRequest', async (request, reply) => {
    if (reservation(request, app.initialConfig.bodyLimit ?? MB) <= SMALL) return;
    try {
      await count(request);
    } catch (e) {
      reply.header('connection', 'close');
      throw e;
    }
  });
}

/**
 * At most `perMinute` reads a minute from one visitor of stored projects over 64 KB (a project, or a group
 * of variants, counted by the bytes of their answers and results), counted as the general rate limit
 * counts: 429 with Retry-After past it, before the rows' answers and results are read (their sizes are
 * read with their small columns: projects/repository.ts getProjectHead). A group of four calculated 200-roof variants (1.6 MB of JSON) costs the
 * server's thread about 20 ms a read (a helper's attack, round 6: six addresses reading one in a loop
 * within the general limit kept an honest visitor's /api/config at 0.4 s p50); a person opens a project
 * a few times a minute. 0: no limit. Registered after the rate limit (app.countLargeRead).
 */
export function limitLargeReads(app: FastifyInstance, perMinute: number): void {
  const limiter = perVisitorPerMinute(app, perMinute, 'large-reads');
  app.decorate('countLargeRead', async (request: FastifyRequest, reply: FastifyReply, bytes: number) => {
    if (!limiter || bytes <= SMALL) return;
    const r = await limiter(request);
    if (r.isAllowed || !r.isExceeded) return;
    reply.header('Retry-After', String(r.ttlInSeconds));
    throw new HttpError(
      429,
      `At most ${perMinute} reads of large projects a minute from one address; try again in ${r.ttlInSeconds} s`,
      undefined,
      { limit: perMinute, retryAfter: r.ttlInSeconds },
      'rate_limited',
    );
  });
}
