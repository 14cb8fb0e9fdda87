/**
 * Runs server tests for every database (Kysely's test-setup way): SQLite always, PostgreSQL when one
 * answers on 127.0.0.1:5432 (always in CI, where .ci/run starts it). Each PostgreSQL run gets a fresh
 * database, dropped afterwards; each SQLite run a fresh DATA_DIR.
 */
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildServer, type Server } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { freshPlace as placeFor, type Place } from '../place';

export { DIALECTS, PG_ADMIN_URL, type Place } from '../place';

/** Makes a fresh place for a dialect (tests/place.ts). */
export function freshPlace(dialect: 'sqlite' | 'postgres'): Promise<Place> {
  return placeFor(dialect, {
    // A busy machine (a shared build host) may print a large note past the 60 s default: the tests of
    // the budgets set their own (pdfPool.test.ts); the others are not about the machine's speed.
    NOTE_TIME_S: '600',
    CALC_TIME_S: '600',
  });
}

/** Builds a server on a place, with extra environment. */
export async function serverOn(
  place: Place,
  extra: Record<string, string> = {},
): Promise<{ server: Server; config: Config }> {
  const config = loadConfig({ ...place.env, ...extra });
  return { server: await buildServer(config), config };
}

/** The Set-Cookie header of a response as a Cookie header for the next request. */
export function cookiesOf(res: { cookies: { name: string; value: string }[] }, prev = ''): string {
  const jar = new Map(prev ? prev.split('; ').map((c) => c.split('=') as [string, string]) : []);
  for (const c of res.cookies) jar.set(c.name, c.value);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * The three modes on one place, as a deployment would run them side by side: a request goes to the
 * server whose mode offers its product type (sm to admin mode, signed in as an admin; smca to canada
 * mode; the rest to client mode). They share the database and the session secret, so a visitor's cookie
 * is the same everywhere.
 */
export async function serversByMode(
  place: Place,
  extra: Record<string, string> = {},
): Promise<{
  client: Server;
  admin: Server;
  canada: Server;
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}> {
  const password = extra.ADMIN_PASSWORD ?? 'mode-router-password';
  const client = (await serverOn(place, { ...extra, ADMIN_PASSWORD: password })).server;
  const admin = (await serverOn(place, { ...extra, ADMIN_PASSWORD: password, APP_MODE: 'admin' })).server;
  const canada = (await serverOn(place, { ...extra, ADMIN_PASSWORD: password, APP_MODE: 'canada' })).server;
  const adminCookie = cookiesOf(
    await admin.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password } }),
  );
  const inject = (opts: InjectOptions): Promise<LightMyRequestResponse> => {
    const url = typeof opts.url === 'string' ? opts.url : '';
    if (url.startsWith('/api/smca/')) return canada.app.inject(opts);
    if (!url.startsWith('/api/skywater_manager/')) return client.app.inject(opts);
    const cookie = [opts.headers?.cookie, adminCookie].filter(Boolean).join('; ');
    return admin.app.inject({ ...opts, headers: { ...opts.headers, cookie } });
  };
  return {
    client,
    admin,
    canada,
    inject,
    close: async () => {
      await Promise.all([client.close(), admin.close(), canada.close()]);
    },
  };
}

/**
 * The environment of a server run in a process of its own, as `npm start` runs it (`command`, spawned
 * from the checkout's root), on 127.0.0.1: SQLite in `dir`, no build, no mail, nothing of this process's
 * own database, mail or production settings; `more` on top.
 */
export function processEnv(dir: string, more: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: '',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DIST_DIR: join(dir, 'no-build'),
    DATABASE_URL: '',
    SMTP_URL: '',
    APP_MODE: 'client',
    ...more,
  };
}

/** The checkout's root, where `npm start` and `server/main.ts` run. */
export const ROOT = join(import.meta.dirname, '..', '..');
