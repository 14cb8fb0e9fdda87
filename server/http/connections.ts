import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError';

/** The client an address belongs to: an IPv6 address by its /64 (one line's), IPv4-mapped as IPv4. */
const clientOf = (address: string): string => normalizeIP(address, 64);

/** How often Node looks for requests past their time (a tenth of it, between 0.1 and 5 s). */
export const checkingIntervalMs = (requestTimeoutMs: number): number =>
  Math.min(5000, Math.max(100, Math.round(requestTimeoutMs / 10)));

/**
 * Holds each client address to `perAddress` connections at once (issue 35, item 3: 60 addresses held
 * 20,000 slow requests, the process's every file, and new visitors were refused). 0: no cap.
 * - Served directly (TRUST_PROXY unset): the connections of each peer address are counted; past the
 *   cap a new connection is closed at once, before a byte of it is read.
 * - Behind a trusted proxy, every socket's peer is the proxy: the requests in flight of each client
 *   address (as TRUST_PROXY gives it) are counted instead, and one past the cap is answered 429 before
 *   its body is read. The proxy itself caps each client's connections (README, "Behind a reverse proxy").
 */
export function capConnections(
  app: FastifyInstance,
  opts: { perAddress: number; behindProxy: boolean },
): void {
  const { perAddress } = opts;
  if (perAddress <= 0) return;
  const open = new Map<string, number>();
  const take = (key: string): boolean => {
    const n = open.get(key) ?? 0;
    if (n >= perAddress) return false;
    open.set(key, n + 1);
    return true;
  };
  const release = (key: string) => {
    const n = (open.get(key) ?? 1) - 1;
    if (n > 0) open.set(key, n);
    else open.delete(key);
  };
  if (!opts.behindProxy) {
    app.server.on('connection', (socket: import('node:net').Socket) => {
      const key = clientOf(socket.remoteAddress ?? '');
      if (!take(key)) {
        socket.destroy();
        return;
      }
      socket.once('close', () => release(key));
    });
    return;
  }
  app.addHook('onRequest', async (request, reply) => {
    const key = clientOf(request.ip);
    if (!take(key)) {
      // the body that may follow is not read: the proxy's connection closes after the answer
      reply.header('connection', 'close');
      throw new HttpError(
        429,
        `Too many requests in flight from this address: ${perAddress} at most`,
        undefined,
        { limit: perAddress },
        'rate_limited',
      );
    }
    reply.raw.once('close', () => release(key));
  });
}
