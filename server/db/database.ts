import SQLite from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Generated } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { nodeSupported, unsupportedNodeForSqlite } from '../nodeSupport';

/** One stored project (the steps, results and note are JSON text, the same in both databases). */
export interface ProjectTable {
  id: string;
  product_type: string;
  state: string;
  command: string | null;
  owner: string | null;
  version: number;
  content: string;
  results: string | null;
  comment: string | null;
  extended_properties: string | null;
  name: string;
  postcode: string;
  city: string;
  company: string;
  commercial: string;
  region: string;
  search: string;
  created_at: string;
  updated_at: string;
  /** the first project of this one's group of variants; null on that project and on lone projects */
  variant_of: string | null;
  /** the member's number in its group (null: 1) */
  variant_no: number | null;
  /** the project's readable number, one sequence per product type (null: a row loaded in bulk) */
  number: number | null;
  /** the name the user gives a variant ("Base", "Toundra + Retentio"); null: unnamed */
  variant_label: string | null;
  /** the history's sort keys: lower case, accents removed (projectText's sortKey) */
  sort_name: string;
  sort_city: string;
  sort_company: string;
  sort_commercial: string;
  sort_region: string;
  /** the project's secret link token (issue 30; null or absent: none) */
  link?: string | null | undefined;
  /**
   * the most UTF-8 bytes of answers and results the project was charged for in its visitor's storage
   * (quota/quotas.ts; absent: 0, a row loaded in bulk)
   */
  counted_bytes?: number | undefined;
}

/** A printed note as it was issued, under its verification code (issue 30). */
export interface IssuedNoteTable {
  code: string;
  project_id: string;
  product_type: string;
  /** the bundle's calculation and its method's version when printed */
  calculation: string;
  method_version: string;
  /** the climate data's identity (the station or region the results name) */
  climate: string;
  /** the answers and results as stored when printed (JSON text) */
  content: string;
  results: string;
  name: string;
  city: string;
  postcode: string;
  number: number | null;
  locale: string;
  /** SHA-256 of the PDF's bytes (hex) and their count */
  pdf_sha256: string;
  pdf_size: number;
  /** 1: the verification page shows the client's details */
  show_client: number;
  issued_on: string;
  created_at: string;
  withdrawn_at: string | null;
  /** the deleted project's owner, kept with its notes (null: an admin's project, or the project stands) */
  owner: string | null;
  /** when its project was deleted, the note kept as issued (null: the project stands) */
  project_deleted_at: string | null;
}

/** The last number given to a project of each product type. */
export interface ProjectNumberTable {
  product_type: string;
  last: number;
}

export interface FileTable {
  id: string;
  project_id: string;
  kind: string;
  filename: string;
  mime: string;
  size: number;
  data: Buffer;
  created_at: string;
}

/** A measured daily rain series, kept by its content (migrations/2026_12_01_rain_series.ts). */
export interface RainSeriesTable {
  id: string;
  project_id: string | null;
  data: Buffer;
  summary: string;
  created_at: string;
}

/** Who holds a measured rain series: the owner of a project it was uploaded to (migrations/2026_12_05). */
export interface RainSeriesOwnerTable {
  series_id: string;
  owner: string;
}

export interface OutboxTable {
  id: Generated<number>;
  project_id: string | null;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  next_at: string;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** the Message-ID every attempt of this mail carries, so that receivers drop duplicates */
  message_id: string | null;
}

export interface AdminTable {
  name: string;
  password_hash: string;
  created_at: string;
}

export interface AdminSessionTable {
  /** sha256 of the token the admin's signed cookie carries (the token itself is never stored) */
  token_hash: string;
  admin: string;
  /** a fingerprint of the admin's password when the session opened: a new password voids the session */
  credential: string;
  created_at: string;
  seen_at: string;
}

/** A count in a window: failed sign-ins, projects created, bytes stored, per visitor or address. */
export interface CounterTable {
  /** what is counted and for whom, e.g. `login|address|203.0.113.7` */
  key: string;
  /** bigint in the database: PostgreSQL answers it as text */
  count: number | string;
  /** when the window began (its first count) and ends; a row past its end is deleted */
  since: string;
  until: string;
}

/** A calculation or note in flight, counted against its visitor's share by every copy of the server. */
export interface JobLeaseTable {
  id: string;
  /** the pool and the visitor, e.g. `calc|203.0.113.7` */
  key: string;
  /** the process holding it (a random id per server) */
  server: string;
  /** when it lapses unless its server renews it */
  until: string;
}

export interface NoteDraftTable {
  project_id: string;
  /** the note payload as the page sends it: {data: JSON text of {informations}} */
  content: string;
  updated_at: string;
}

/** The one Database interface, for SQLite and PostgreSQL alike. */
export interface Database {
  projects: ProjectTable;
  files: FileTable;
  outbox: OutboxTable;
  admins: AdminTable;
  admin_sessions: AdminSessionTable;
  counters: CounterTable;
  job_leases: JobLeaseTable;
  note_drafts: NoteDraftTable;
  project_numbers: ProjectNumberTable;
  issued_notes: IssuedNoteTable;
  rain_series: RainSeriesTable;
  rain_series_owners: RainSeriesOwnerTable;
}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

/** SQLite's file, opened on a Node its native part was built for, else refused in one line (not a crash). */
function openSqlite(file: string, options?: SQLite.Options): SQLite.Database {
  if (!nodeSupported(process.version)) throw new Error(unsupportedNodeForSqlite(process.version));
  return new SQLite(file, options);
}

/**
 * A connection that only reads, for a worker thread (the history reader): SQLite's file opened read-only
 * beside the server's own connection (WAL: it reads the last commit, never waits for a writer), or one
 * PostgreSQL connection.
 */
export function openReader(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    pool.on('error', () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = openSqlite(join(config.dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Opens the database the configuration names: PostgreSQL for a postgres:// URL, else SQLite (WAL) in DATA_DIR. */
/** Where the SQLite database of a DATA_DIR lives. */
export const sqliteFile = (dataDir: string): string => join(dataDir, 'app.db');

/**
 * The database a configuration names, in words for an operator (the command-line tools say which one they
 * use: one run without the service's environment would otherwise use ./data unseen): the SQLite file, or
 * PostgreSQL's database and host (never its password).
 */
export function databaseWords(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `the SQLite database ${sqliteFile(config.dataDir)}`;
  try {
    const u = new URL(config.databaseUrl);
    return `the PostgreSQL database ${decodeURIComponent(u.pathname.slice(1)) || '(default)'} on ${u.hostname || 'the local socket'}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): { db: Db; dialect: Dialect } {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, a failover) is dropped and replaced on the next
    // query; without a listener its error would stop the process.
    pool.on('error', () => undefined);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const sqlite = openSqlite(sqliteFile(config.dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
  };
}
