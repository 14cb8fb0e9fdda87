import '@fastify/cookie';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';

export const OWNER_COOKIE = 'rw_owner';
export const ADMIN_COOKIE = 'rw_admin';
/** An admin session ends after this long without a request. */
export const ADMIN_IDLE_MS = 8 * 3600 * 1000;
/** seen_at is written at most this often, so that a busy admin does not write on every request */
const SEEN_EVERY_MS = 5 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in admin's name, resolved once per request from the admin cookie and its session row */
    admin: string | null;
  }
}

/**
 * Cookie options: http-only and signed. Over HTTPS (behind a proxy TRUST_PROXY names), SameSite=None,
 * Secure and Partitioned, so that a visitor using the app inside the manufacturer's site (a third-party
 * iframe) keeps its projects; cross-site requests that change anything are refused by the same-origin
 * guard whatever the cookie. Over plain HTTP, Lax.
 */
export function cookieOptions(request: FastifyRequest) {
  return request.protocol === 'https'
    ? ({
        httpOnly: true,
        sameSite: 'none',
        secure: true,
        partitioned: true,
        path: '/',
        signed: true,
      } as const)
    : ({ httpOnly: true, sameSite: 'lax', path: '/', signed: true } as const);
}

/** The visitor's owner id from its signed cookie; a new one is issued (and set on the reply) when absent. */
export function ownerOf(request: FastifyRequest, reply: FastifyReply): string {
  const raw = request.cookies[OWNER_COOKIE];
  if (raw) {
    const u = request.unsignCookie(raw);
    if (u.valid && u.value) return u.value;
  }
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(OWNER_COOKIE, id, { ...cookieOptions(request), maxAge: 400 * 24 * 3600 });
  request.cookies[OWNER_COOKIE] = reply.signCookie(id);
  return id;
}

/** The admin's name when the request carries a live admin session (resolved by the sessions hook). */
export function adminOf(request: FastifyRequest): string | null {
  return request.admin ?? null;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Admin sessions kept in the database, so that they can be revoked: the cookie carries a random token
 * (signed), the row its hash, the admin's name, a fingerprint of the admin's password and when it was
 * last used. A session is void after logout (row deleted), after 8 hours without a request, and as soon
 * as the admin's password is no longer the one it was opened with (a reset by `npm run admin:create`
 * or a new ADMIN_PASSWORD). Every copy of the server sees the same sessions.
 */
export class AdminSessions {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'adminPassword' | 'sessionSecret'>,
  ) {}

  /** A fingerprint of the admin's current password, or null when no such admin exists. */
  async credentialOf(name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('admins')
      .select('password_hash')
      .where('name', '=', name)
      .executeTakeFirst();
    if (row) return sha256(`db:${row.password_hash}`);
    if (name === 'admin' && this.config.adminPassword !== null)
      return createHmac('sha256', this.config.sessionSecret)
        .update(`env:${this.config.adminPassword}`)
        .digest('hex');
    return null;
  }

  /** Opens a session for `name` and sets its cookie. */
  async open(request: FastifyRequest, reply: FastifyReply, name: string): Promise<void> {
    const credential = await this.credentialOf(name);
    if (credential === null) throw new Error(`no admin '${name}'`);
    const token = randomBytes(32).toString('base64url');
    const t = new Date().toISOString();
    await this.db
      .insertInto('admin_sessions')
      .values({ token_hash: sha256(token), admin: name, credential, created_at: t, seen_at: t })
      .execute();
    reply.setCookie(ADMIN_COOKIE, token, { ...cookieOptions(request), maxAge: ADMIN_IDLE_MS / 1000 });
    request.admin = name;
  }

  private tokenOf(request: FastifyRequest): string | null {
    const raw = request.cookies[ADMIN_COOKIE];
    if (!raw) return null;
    const u = request.unsignCookie(raw);
    return u.valid && u.value ? u.value : null;
  }

  /** The admin of a request's session, or null (no cookie, bad signature, unknown, idle, or password changed). */
  async resolve(request: FastifyRequest, now = Date.now()): Promise<string | null> {
    const token = this.tokenOf(request);
    if (!token) return null;
    const hash = sha256(token);
    const row = await this.db
      .selectFrom('admin_sessions')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return null;
    const idle = now - Date.parse(row.seen_at);
    if (idle > ADMIN_IDLE_MS || row.credential !== (await this.credentialOf(row.admin))) {
      await this.db.deleteFrom('admin_sessions').where('token_hash', '=', hash).execute();
      return null;
    }
    if (idle > SEEN_EVERY_MS)
      await this.db
        .updateTable('admin_sessions')
        .set({ seen_at: new Date(now).toISOString() })
        .where('token_hash', '=', hash)
        .execute();
    return row.admin;
  }

  /** Ends the request's session (its row is deleted, so a copied cookie is worthless) and clears the cookie. */
  async close(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = this.tokenOf(request);
    if (token) await this.db.deleteFrom('admin_sessions').where('token_hash', '=', sha256(token)).execute();
    const { signed: _signed, ...attributes } = cookieOptions(request);
    reply.clearCookie(ADMIN_COOKIE, attributes);
    request.admin = null;
  }

  /** Ends every session of an admin (its password was reset). */
  async revokeAll(name: string): Promise<void> {
    await this.db.deleteFrom('admin_sessions').where('admin', '=', name).execute();
  }

  /** Resolves `request.admin` before every route. */
  install(app: FastifyInstance): void {
    app.decorateRequest('admin', null);
    app.addHook('onRequest', async (request) => {
      request.admin = await this.resolve(request);
    });
  }
}
