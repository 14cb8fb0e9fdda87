import '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const OWNER_COOKIE = 'rw_owner';
export const ADMIN_COOKIE = 'rw_admin';
const ADMIN_HOURS = 12;

const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', signed: true } as const;

/** The visitor's owner id from its signed cookie; a new one is issued (and set on the reply) when absent. */
export function ownerOf(request: FastifyRequest, reply: FastifyReply): string {
  const raw = request.cookies[OWNER_COOKIE];
  if (raw) {
    const u = request.unsignCookie(raw);
    if (u.valid && u.value) return u.value;
  }
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(OWNER_COOKIE, id, { ...cookieOptions, maxAge: 400 * 24 * 3600 });
  request.cookies[OWNER_COOKIE] = reply.signCookie(id);
  return id;
}

/** The admin's name when the request carries a valid, unexpired admin session. */
export function adminOf(request: FastifyRequest): string | null {
  const raw = request.cookies[ADMIN_COOKIE];
  if (!raw) return null;
  const u = request.unsignCookie(raw);
  if (!u.valid || !u.value) return null;
  const [name, until] = u.value.split('|');
  return name && Number(until) > Date.now() ? name : null;
}

/** Opens an admin session (a signed cookie valid 12 hours). */
export function startAdminSession(reply: FastifyReply, name: string): void {
  const until = Date.now() + ADMIN_HOURS * 3600 * 1000;
  reply.setCookie(ADMIN_COOKIE, `${name}|${until}`, { ...cookieOptions, maxAge: ADMIN_HOURS * 3600 });
}

/** Closes the admin session. */
export function endAdminSession(reply: FastifyReply): void {
  reply.clearCookie(ADMIN_COOKIE, { path: '/' });
}
