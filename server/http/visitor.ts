import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * The prefix an IPv6 visitor is counted by: a /64 is what one home or office line is given (billions of
 * addresses), so every limit counts it as one address. The general rate limit (@fastify/rate-limit)
 * counts the same way: it is its default.
 */
export const IPV6_PREFIX = 64;

/**
 * The client an address belongs to, for every per-address limit, quota and share: an IPv6 address by its
 * /64 and an IPv4-mapped one as IPv4 (@fastify/rate-limit's normalizeIP, the key of its own limit).
 */
export function clientOf(address: string): string {
  return normalizeIP(address, IPV6_PREFIX);
}

/**
 * The prefix an IPv6 network is counted by where one holder of many /64s must count as one: a site, a
 * hosting customer or a home is given a /48 or a /56 (65,536 or 256 /64s), each of which `clientOf`
 * counts as a visitor of its own.
 */
export const IPV6_NETWORK_PREFIX = 48;

/** The network an address belongs to: an IPv6 address by its /48, an IPv4 address as itself. */
export function networkOf(request: Pick<FastifyRequest, 'ip'>): string {
  return normalizeIP(request.ip, IPV6_NETWORK_PREFIX);
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
