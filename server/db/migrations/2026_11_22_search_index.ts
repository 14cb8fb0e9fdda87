import { sql, type Kysely, type Migration } from 'kysely';

/**
 * An index for the history search's substring match. PostgreSQL: a pg_trgm GIN index on projects.search
 * (skipped, with the search still correct but slower, where the extension is not available). SQLite: an
 * FTS5 table with the trigram tokenizer kept in step with projects by triggers.
 */
export function searchIndex(dialect: 'sqlite' | 'postgres'): Migration {
  return dialect === 'postgres' ? { up: upPg } : { up: upSqlite };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function upPg(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!rows[0]?.n) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index projects_search_trgm on projects using gin (search gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`create virtual table projects_fts using fts5(search, content='projects', content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into projects_fts(rowid, search) select rowid, search from projects`.execute(db);
  await sql`create trigger projects_fts_insert after insert on projects begin
    insert into projects_fts(rowid, search) values (new.rowid, new.search); end`.execute(db);
  await sql`create trigger projects_fts_delete after delete on projects begin
    insert into projects_fts(projects_fts, rowid, search) values ('delete', old.rowid, old.search); end`.execute(
    db,
  );
  await sql`create trigger projects_fts_update after update of search on projects begin
    insert into projects_fts(projects_fts, rowid, search) values ('delete', old.rowid, old.search);
    insert into projects_fts(rowid, search) values (new.rowid, new.search); end`.execute(db);
}
