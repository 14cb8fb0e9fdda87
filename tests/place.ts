/**
 * The databases tests run on (Kysely's test-setup way): SQLite always, PostgreSQL when one answers on
 * 127.0.0.1:5432 (always in CI, where .ci/run starts it); and a fresh place to keep data: a temporary
 * DATA_DIR and, for PostgreSQL, a fresh database, both dropped afterwards. The one environment every
 * test server starts from: tests/server/harness.ts builds servers on it in the test's process; the
 * reliability tests whose server runs in a process of its own take it from here without the server's
 * modules (some 2 s of loading they have no use for).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const pgUp = await pgReachable();
if (!pgUp) console.warn(`PostgreSQL not reachable at ${PG_ADMIN_URL}: database tests run on SQLite only`);

/** The dialects to run: sqlite, and postgres when reachable. */
export const DIALECTS: ('sqlite' | 'postgres')[] = pgUp ? ['sqlite', 'postgres'] : ['sqlite'];

/** A place to keep data: a temporary DATA_DIR and, for postgres, a fresh database. */
export interface Place {
  env: Record<string, string>;
  drop: () => Promise<void>;
}

/** A temporary DATA_DIR and, for postgres, a fresh database (with `extra` environment); `drop` removes both. */
export async function freshPlace(
  dialect: 'sqlite' | 'postgres',
  extra: Record<string, string> = {},
): Promise<Place> {
  const dir = mkdtempSync(join(tmpdir(), 'rw-test-'));
  const env: Record<string, string> = {
    DATA_DIR: dir,
    RATE_LIMIT: '0',
    LARGE_BODIES_PER_MINUTE: '0',
    LARGE_READS_PER_MINUTE: '0',
    // Many projects, bytes and sign-ins from one address and in all: the tests of these limits set them
    // (quotas.test.ts).
    PROJECTS_PER_HOUR: '0',
    PROJECTS_PER_DAY: '0',
    LOGIN_FAILURES_PER_ADDRESS: '0',
    LOGIN_FAILURES_PER_NAME: '0',
    SERVICE_PROJECTS_PER_DAY: '0',
    SERVICE_STORAGE_PER_DAY_MB: '0',
    MAILER: 'off',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    DIST_DIR: join(dir, 'no-dist'),
    ...extra,
  };
  if (dialect === 'sqlite') return { env, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  const name = `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  env.DATABASE_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    env,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
