import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * The prefix an IPv6 visitor is counted by. A /64 is what one line is given, but whoever holds a /48 (a
 * hosting customer, a site, anyone with a free tunnel broker's prefix) has 65,536 of them: counted by /64,
 * it was 65,536 visitors, each with its own rate, connections, bodies and share of the calculators, and
 * always a newcomer to the workers' turns (measured 2026-11-29, docs/QUALITY.md: calculations asked from a new
 * /64 of one /48 each time left another visitor's preview 503 in 19 of 20 tries, against 0 of 20 from one /64).
 * Counted by /48, such a holder is one visitor. The price: phones a mobile operator numbers within one /48
 * share one visitor's limits (600 requests a minute, two calculations at once), which a calculator's
 * users meet rarely.
 */
export const IPV6_PREFIX = 48;

/**
 * The client an address belongs to, for every per-address limit, quota and share: an IPv6 address by its
 * /48 and an IPv4-mapped one as IPv4 (@fastify/rate-limit's normalizeIP, the key of its own limit, which
 * app.ts gives the same prefix).
 */
export function clientOf(address: string): string {
  return normalizeIP(address, IPV6_PREFIX);
}

/** Who a request comes from: the client of its address, as TRUST_PROXY gives it (clientOf). */
export function visitorOf(request: Pick<FastifyRequest, 'ip'>): string {
  return clientOf(request.ip);
}

/**
 * What each visitor holds now (bytes of bodies arriving, of answers not yet read) and all of them
 * together: `hold` counts an amount and answers the function that gives it back.
 */
export class VisitorTally {
  private readonly held = new Map<string, number>();
  total = 0;

  of(visitor: string): number {
    return this.held.get(visitor) ?? 0;
  }

  hold(visitor: string, amount: number): () => void {
    this.held.set(visitor, this.of(visitor) + amount);
    this.total += amount;
    return () => {
      this.total -= amount;
      const left = this.of(visitor) - amount;
      if (left > 0) this.held.set(visitor, left);
      else this.held.delete(visitor);
    };
  }
}
