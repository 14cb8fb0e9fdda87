import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Measured daily rain series (issue 39.3). A series is kept by its content: `id` is the SHA-256 of its
 * days (the JSON of the series), which a project's site answers name (`rain_series`), so that a project,
 * its variants and the notes issued from it all calculate on the same days. `data` is that JSON,
 * gzipped; `summary` what the upload reported (files, station, period, problems). `project_id` is the
 * project it was uploaded to (the files as uploaded are that project's `files` of kind `rain`). A series
 * no project and no issued note names any more is deleted by the cleanup (projects/cleanup.ts).
 */
export function rainSeries(dialect: 'sqlite' | 'postgres'): Migration {
  const pg = dialect === 'postgres';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('rain_series')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('project_id', 'varchar(40)')
        .addColumn('data', sql.raw(pg ? 'bytea' : 'blob'), (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  };
}
