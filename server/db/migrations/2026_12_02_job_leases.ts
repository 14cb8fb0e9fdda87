import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Limits that hold across copies of the server (issue 35, item 5):
 * - `job_leases`: each visitor's share of the worker pools. One row per calculation or note in flight
 *   (waiting or running), under its pool and visitor (`key`), the copy of the server that runs it
 *   (`server`, a random id per process) and when the lease lapses (`until`, renewed while its server
 *   lives: a stopped server's leases lapse by themselves).
 * - PostgreSQL keeps `job_leases` and `counters` (the request rate limit counts every request there now)
 *   unlogged: a count is not flushed to disk before it is answered (a logged commit waits ~10 ms for
 *   the disk here), and only a crash of PostgreSQL itself forgets them (a minute's requests, a day's
 *   quotas: nothing a user made). SQLite has no such tables; its counts are written as before.
 */
export function jobLeases(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      let table = db.schema.createTable('job_leases');
      if (dialect === 'postgres') table = table.modifyFront(sql`unlogged`);
      await table
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('key', 'varchar(400)', (c) => c.notNull())
        .addColumn('server', 'varchar(40)', (c) => c.notNull())
        .addColumn('until', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_leases_key').on('job_leases').columns(['key', 'until']).execute();
      await db.schema.createIndex('job_leases_server').on('job_leases').column('server').execute();
      if (dialect === 'postgres') await sql`alter table counters set unlogged`.execute(db);
    },
  };
}
