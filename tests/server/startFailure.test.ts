/**
 * A server that cannot start says why in one line (server/main.ts), not with a stack trace: the operator
 * reads it in a journal or a container's log.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { startFailure } from '../../server/startFailure';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'rw-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the server's entry with `env`, answering its exit code and what it printed on stderr. */
function start(env: Record<string, string>): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dir,
      DIST_DIR: join(dir, 'no-dist'),
      MAILER: 'off',
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stderr: r.stderr };
}

describe('a start that fails', () => {
  it('names an unreachable PostgreSQL in one line, without its password', () => {
    const { status, stderr } = start({
      DATABASE_URL: 'postgres://roof:hunter2@127.0.0.1:1/roof',
      SESSION_SECRET: 'start-failure-secret-start-failure-0123',
      PORT: '0',
    });
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Cannot start: PostgreSQL at postgres:\/\/roof:\*\*\*@127\.0\.0\.1:1\/roof: cannot migrate the database: .*ECONNREFUSED.* \(DATABASE_URL\)$/,
      ),
    ]);
    expect(stderr).not.toContain('hunter2');
  });

  it('names a port already taken in one line', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { status, stderr } = start({ PORT: String(port), HOST: '127.0.0.1' });
      expect(status).toBe(1);
      expect(stderr.trim()).toBe(
        `Cannot start: 127.0.0.1:${port} is already in use (another copy of the server?): set PORT (and HOST) to a free address`,
      );
    } finally {
      taken.close();
    }
  });

  it('listens on this machine only unless HOST says otherwise (a laptop in admin mode is not on the LAN)', async () => {
    // a port taken on 127.0.0.1: the server, given no HOST, tries that very address and says so
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { status, stderr } = start({ PORT: String(port) });
      expect(status).toBe(1);
      expect(stderr.trim()).toMatch(new RegExp(`^Cannot start: 127\\.0\\.0\\.1:${port} is already in use`));
    } finally {
      taken.close();
    }
  });

  it('says, in one line, that a newer version migrated the database (an upgrade rolled back)', async () => {
    const older = mkdtempSync(join(tmpdir(), 'rw-older-'));
    const { db, dialect } = openDatabase({ databaseUrl: null, dataDir: older });
    await migrate(db, dialect);
    await sql`insert into kysely_migration (name, timestamp) values ('2099_01_01_newer', '2099-01-01T00:00:00.000Z')`.execute(
      db,
    );
    await db.destroy();
    const { status, stderr } = start({ DATA_DIR: older, PORT: '0' });
    rmSync(older, { recursive: true, force: true });
    expect(status).toBe(1);
    expect(stderr.trim()).toBe(
      'Cannot start: the database was migrated by a newer version of this product (its migration 2099_01_01_newer is unknown to this one): start that version, or restore the backup made before the upgrade',
    );
  });

  it('names a DATA_DIR the server cannot write, never the port (SQLite)', () => {
    // a file where the directory should be: refused even to root, as a directory of root's is to the service
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, '');
    const { status, stderr } = start({ DATA_DIR: join(file, 'data'), PORT: '0' });
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'invalid configuration:',
      `  - DATA_DIR must be a directory the server's user can write (SQLite keeps app.db there), not '${join(file, 'data')}' (ENOTDIR)`,
    ]);
  });

  it('keeps any other error as it is', () => {
    expect(startFailure(new Error('disk full'), null)).toBe('disk full');
    // a file refused (EACCES) is not a port refused: its message names the file
    const file = Object.assign(new Error("EACCES: permission denied, open '/srv/data/app.db'"), {
      code: 'EACCES',
      syscall: 'open',
      path: '/srv/data/app.db',
    });
    expect(startFailure(file, null)).toBe("EACCES: permission denied, open '/srv/data/app.db'");
  });
});
