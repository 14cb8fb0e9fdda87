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

/** Who a request comes from: the client of its address, as TRUST_PROXY gives it (clientOf). */
export function visitorOf(request: Pick<FastifyRequest, 'ip'>): string {
  return clientOf(request.ip);
}
