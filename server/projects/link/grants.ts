import '@fastify/cookie';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieOptions } from '../../auth/identity';

/** The signed cookie listing the projects this browser opened by their links. */
export const LINKS_COOKIE = 'rw_links';
/** The most projects one browser holds by link (the oldest is forgotten first): the cookie stays small. */
const MAX_GRANTS = 40;

/** What a grant names of a link: a digest of its token (the token itself stays out of the cookie). */
export const linkDigest = (token: string): string =>
  createHash('sha256').update(token).digest('base64url').slice(0, 22);

/** The browser's grants: project id → digest of the link it was opened with. */
export function grantsOf(request: FastifyRequest): Map<string, string> {
  const raw = request.cookies[LINKS_COOKIE];
  if (!raw) return new Map();
  const u = request.unsignCookie(raw);
  if (!u.valid || !u.value) return new Map();
  return new Map(
    u.value
      .split('.')
      .map((e) => e.split('~') as [string, string])
      .filter((e) => e.length === 2),
  );
}

/**
 * Whether the request holds a grant to this project by its current link: a link renewed (or removed)
 * ends the grants its old token gave.
 */
export function granted(
  request: FastifyRequest,
  row: { id?: string; link?: string | null | undefined },
): boolean {
  if (!row.id || !row.link) return false;
  return grantsOf(request).get(row.id) === linkDigest(row.link);
}

/** Adds a grant to the browser's cookie (a project opened by its link). */
export function grant(request: FastifyRequest, reply: FastifyReply, id: string, token: string): void {
  const grants = grantsOf(request);
  grants.delete(id);
  grants.set(id, linkDigest(token));
  const kept = [...grants].slice(-MAX_GRANTS);
  const value = kept.map(([k, v]) => `${k}~${v}`).join('.');
  reply.setCookie(LINKS_COOKIE, value, { ...cookieOptions(request), maxAge: 400 * 24 * 3600 });
  request.cookies[LINKS_COOKIE] = reply.signCookie(value);
}
