import '@fastify/swagger';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { answers, noContent } from '../http/answers';
import { HttpError } from '../http/HttpError';
import { visitorOf } from '../http/visitor';
import { countAgainst, forget, takeBack } from '../quota/counters';
import { adminOf } from './identity';
import { hashPassword, verifyPassword } from './password';

/** The window failed sign-ins are counted in. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** The window of a name's failed sign-ins from every address together. */
const DAY_MS = 24 * 3600 * 1000;
/** The counter of a name's failed sign-ins a day from every address (LOGIN_FAILURES_PER_NAME). */
export const nameDayKey = (name: string): string => `login|name-day|${name}`;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares two secrets in time that does not depend on where they differ (nor on their lengths). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

let dummy: Promise<string> | undefined;
/** A hash of a random password: unknown names are checked against it, so they take as long as known ones. */
const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(18).toString('base64url')));

/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me. */
export const authRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { config, db, sessions } = app;
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
        response: answers({
          200: { type: 'object', required: ['admin'], properties: { admin: { type: 'string' } } },
        }),
      },
    },
    async (request, reply) => {
      const { name = 'admin', password } = request.body;
      // Counted per name and address, and per address whatever the name (a new name for each guess
      // is counted all the same), and per name a day from every address together (many addresses
      // guessing one name), before the password is checked: a success takes its count back.
      const address = visitorOf(request);
      const byName = `login|name|${address}|${name}`;
      const byAddress = `login|address|${address}`;
      const perName = nameDayKey(name);
      const over = await countAgainst(db, 1, [
        { name: 'name', key: byName, max: config.loginFailures, windowMs: LOGIN_WINDOW_MS },
        { name: 'address', key: byAddress, max: config.loginFailuresPerAddress, windowMs: LOGIN_WINDOW_MS },
        { name: 'day', key: perName, max: config.loginFailuresPerName, windowMs: DAY_MS },
      ]);
      if (over) {
        reply.header('Retry-After', String(over.retryAfter));
        const minutes = Math.ceil(over.retryAfter / 60);
        const hours = Math.ceil(over.retryAfter / 3600);
        if (over.name === 'day')
          throw new HttpError(
            429,
            `Too many failed sign-ins under this name today (at most ${over.limit}); try again in ${hours} h`,
            'password',
            { retryAfter: over.retryAfter, limit: over.limit, hours },
            'login_locked_name',
          );
        throw new HttpError(
          429,
          `Too many failed sign-ins (at most ${over.limit} in 15 minutes ${over.name === 'name' ? 'per name' : 'from one address'}); try again in ${minutes} min`,
          'password',
          { retryAfter: over.retryAfter, limit: over.limit, minutes },
          'login_locked',
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
      await forget(db, byName);
      await takeBack(db, byAddress, 1);
      await takeBack(db, perName, 1);
      await sessions.open(request, reply, name);
      return { admin: name };
    },
  );
  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: answers({ 204: noContent }) } },
    async (request, reply) => {
      await sessions.close(request, reply);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        response: answers({
          200: { type: 'object', required: ['admin'], properties: { admin: { type: ['string', 'null'] } } },
        }),
      },
    },
    async (request) => ({ admin: adminOf(request) }),
  );
};
