import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError';
import { VisitorTally, visitorOf } from './visitor';

const MB = 1024 * 1024;
/** An answer of at most this is always sent (and counted): every page call, save or refusal. */
const SMALL = 64 * 1024;
/** Seconds a refused visitor is told to wait. */
const RETRY = 5;

/** The bytes an answer holds in memory until its client has read it (a stream's are not known: 0). */
function sizeOf(payload: unknown): number {
  if (typeof payload === 'string') return payload.length;
  if (Buffer.isBuffer(payload) || payload instanceof Uint8Array) return payload.byteLength;
  return 0;
}

const refusal = (limitMb: number) =>
  new HttpError(
    429,
    `Your earlier downloads are still being sent (${limitMb} MB at most at once); try again when they are done`,
    undefined,
    { limit: limitMb, retryAfter: RETRY },
    'downloads_busy',
  );

/**
 * Bounds what answers a client does not read may hold (a helper's attack, 2026-11-28: one address asked
 * for a 10 MB file on 64 connections, 6 requests pipelined on each, and read nothing; each answer stayed
 * in memory for good, 4.3 GB, since nothing timed a send out):
 * - an answer being sent whose connection takes no byte for `sendTimeoutS` seconds is dropped with its
 *   connection (Node's socket timeout, set when the answer is handed over; Node sets the keep-alive
 *   timeout itself once the answer is sent);
 * - a visitor (its address, an IPv6 /48) whose answers not yet sent hold `perVisitorMb` is refused: a new
 *   request at once, and an answer over 64 KB in place of itself (requests pipelined on one connection are
 *   all read before the first is answered): 429 `downloads_busy`, Retry-After. Answers are counted as the
 *   app makes them, before compression. 0: no cap, no timeout.
 */
export function capAnswers(app: FastifyInstance, opts: { perVisitorMb: number; sendTimeoutS: number }): void {
  const perVisitor = opts.perVisitorMb * MB;
  const pending = new VisitorTally();
  if (perVisitor > 0)
    app.addHook('onRequest', async (request, reply) => {
      if (pending.of(visitorOf(request)) < perVisitor) return;
      reply.header('Retry-After', String(RETRY));
      throw refusal(opts.perVisitorMb);
    });
  app.addHook('onSend', async (request, reply, payload) => {
    // (an injected request's socket, light-my-request's, has no timeout)
    const socket = request.raw.socket as Partial<import('node:net').Socket> | undefined;
    if (opts.sendTimeoutS > 0 && typeof socket?.setTimeout === 'function')
      socket.setTimeout(opts.sendTimeoutS * 1000);
    const size = sizeOf(payload);
    if (perVisitor <= 0 || size === 0) return payload;
    const key = visitorOf(request);
    const held = pending.of(key);
    if (size > SMALL && held > 0 && held + size > perVisitor) {
      const e = refusal(opts.perVisitorMb);
      reply.code(429).header('Retry-After', String(RETRY)).header('content-type', 'application/json');
      reply.removeHeader('content-disposition');
      return JSON.stringify({ error: e.message, code: e.code, details: e.details });
    }
    reply.raw.once('close', pending.hold(key, size));
    return payload;
  });
}
