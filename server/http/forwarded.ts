import type { IncomingMessage } from 'node:http';

/**
 * Entries of X-Forwarded-For kept when TRUST_PROXY names the proxies by address: a chain of more than
 * this many trusted proxies does not exist.
 */
export const FORWARDED_KEPT = 32;

/**
 * The entries of X-Forwarded-For that TRUST_PROXY may read: a hop count reads that many from the right
 * (the client is the left-most of them), a list of proxies walks from the right while they are
 * trusted (FORWARDED_KEPT at most).
 */
export const forwardedKept = (trustProxy: number | string[]): number =>
  typeof trustProxy === 'number' ? trustProxy : FORWARDED_KEPT;

/**
 * Drops from X-Forwarded-For the entries left of the last `keep`, before the app reads it. Fastify does
 * not keep `request.ip`: each read parses the whole header again (@fastify/proxy-addr), and the server
 * reads it some five times a request (the connection cap, the rate limit, the log, the bodies' and the
 * pools' shares). A client may write about 1,100 addresses in the 16 KB of headers Node accepts, which
 * our proxy passes on with its own appended: 180 µs a read, and a GET /api/config cost the server's
 * thread 0.98 ms against 0.13 (a helper's attack, round 10). Whoever the proxy does not vouch for is
 * the client whatever it wrote left of it: who a request is from does not change.
 */
export function trimForwarded(req: IncomingMessage, keep: number): void {
  const header = req.headers['x-forwarded-for'];
  if (typeof header !== 'string' || header.length < 256) return;
  let at = header.length;
  for (let n = 0; n < keep; n += 1) {
    at = header.lastIndexOf(',', at - 1);
    if (at === -1) return;
  }
  req.headers['x-forwarded-for'] = header.slice(at + 1).trimStart();
}
