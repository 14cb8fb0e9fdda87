import '@fastify/swagger';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { HttpError } from '../http/HttpError';
import { adminOf, type AdminSessions } from './identity';
import { hashPassword, verifyPassword } from './password';

/** Failed sign-ins allowed per name and address in one window, and the window. */
export const LOGIN_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares two secrets in time that does not depend on where they differ (nor on their lengths). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

let dummy: Promise<string> | undefined;
/** A hash of a random password: unknown names are checked against it, so they take as long as known ones. */
const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(18).toString('base64url')));

/**
 * Counts one sign-in attempt of `key` in the current window and answers how many the window holds now.
 * One statement (insert or update), so concurrent guesses cannot slip past the count.
 */
async function countAttempt(db: Db, key: string, now: number): Promise<{ failures: number; since: number }> {
  const t = new Date(now).toISOString();
  const cutoff = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const row = await db
    .insertInto('login_failures')
    .values({ key, failures: 1, first_at: t })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_failures.first_at < ${cutoff} then 1 else login_failures.failures + 1 end`,
        first_at: sql<string>`case when login_failures.first_at < ${cutoff} then ${t} else login_failures.first_at end`,
      }),
    )
    .returning(['failures', 'first_at'])
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), since: Date.parse(row.first_at) };
}

/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me. */
export function authRoutes(app: FastifyInstance, config: Config, db: Db, sessions: AdminSessions): void {
  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: {
          type: 'object',
          required: ['password'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            password: { type: 'string', maxLength: 200 },
          },
        },
        response: { 200: { type: 'object', properties: { admin: { type: 'string' } } } },
      },
    },
    async (request, reply) => {
      const { name = 'admin', password } = request.body as { name?: string; password: string };
      const key = `${name}|${request.ip}`;
      const now = Date.now();
      // The attempt is counted before the password is checked: a success clears the count.
      const { failures, since } = await countAttempt(db, key, now);
      if (failures > LOGIN_FAILURES) {
        const wait = Math.max(1, Math.ceil((since + LOGIN_WINDOW_MS - now) / 1000));
        reply.header('Retry-After', String(wait));
        throw new HttpError(
          429,
          `Too many failed sign-ins; try again in ${Math.ceil(wait / 60)} min`,
          'password',
          { retryAfter: wait },
        );
      }
      const row = await db.selectFrom('admins').selectAll().where('name', '=', name).executeTakeFirst();
      let ok: boolean;
      if (row) ok = await verifyPassword(password, row.password_hash);
      else {
        // Unknown names cost one scrypt too, so the answer's timing does not tell which names exist.
        await verifyPassword(password, await dummyHash());
        ok = config.adminPassword !== null && name === 'admin' && sameSecret(password, config.adminPassword);
      }
      if (!ok) throw new HttpError(401, 'Wrong name or password', 'password');
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
      await sessions.open(request, reply, name);
      return { admin: name };
    },
  );
  app.post('/api/auth/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    await sessions.close(request, reply);
    return reply.status(204).send();
  });
  app.get('/api/auth/me', { schema: { tags: ['auth'] } }, async (request) => ({ admin: adminOf(request) }));
}
