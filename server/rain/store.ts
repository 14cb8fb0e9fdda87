/**
 * Where measured rain series live (migrations/2026_12_01_rain_series.ts): stored once per content, read
 * for the calculations (the gzipped JSON is handed to the calculation worker as it is stored, and
 * decompressed there), swept when nothing names them any more.
 */
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';
import { gunzipSync } from 'node:zlib';
import { measuredSeriesOf, type MeasuredInput } from '../calc/abattement/abattement';
import type { StoredProject } from '../calc';
import { LruCache } from '../projects/lruCache';
import { linkDigest } from '../projects/link/grants';

/** A stored series as the calculation worker receives it. */
export interface StoredSeries {
  id: string;
  /** the series' JSON, gzipped */
  data: Uint8Array;
  /** the upload's summary, JSON */
  summary: string;
}

/** The pattern of a series' id (the SHA-256 of its JSON and its summary, in hexadecimal). */
export const SERIES_ID = /^[0-9a-f]{64}$/;

/** The measured series a project's steps (canonical JSON) name, or null: read only when they may name one. */
export function seriesIdIn(content: string): string | null {
  if (!content.includes('"rain_series":"')) return null;
  const id = measuredSeriesOf({ steps: JSON.parse(content) as StoredProject['steps'] });
  return id !== null && SERIES_ID.test(id) ? id : null;
}

/**
 * Whether a visitor may use the series of that id: it holds it (uploaded it to one of its projects), or
 * this browser opened by its current link (`grants`: projects/link/grants.ts) a project that names it and
 * whose owner holds it. A project follows its author to another browser by its link: there its preview
 * and the wizard's summary of its series are the owner's, as its calculation is.
 */
export async function usableBy(
  db: Db,
  id: string,
  owner: string,
  grants: Map<string, string>,
): Promise<boolean> {
  const held = await db
    .selectFrom('rain_series_owners')
    .select('series_id')
    .where('series_id', '=', id)
    .where('owner', '=', owner)
    .executeTakeFirst();
  if (held) return true;
  if (grants.size === 0) return false;
  const linked = await db
    .selectFrom('projects as p')
    .innerJoin('rain_series_owners as o', (j) =>
      j.onRef('o.owner', '=', 'p.owner').on('o.series_id', '=', id),
    )
    .select(['p.id', 'p.link', 'p.content'])
    .where('p.id', 'in', [...grants.keys()])
    .execute();
  return linked.some(
    (p) =>
      typeof p.link === 'string' && grants.get(p.id) === linkDigest(p.link) && seriesIdIn(p.content) === id,
  );
}

/** A stored series as the calculation reads it (its days decompressed, its summary parsed). */
export function measuredInputOf(m: StoredSeries): MeasuredInput {
  return {
    id: m.id,
    series: JSON.parse(gunzipSync(m.data).toString('utf8')) as MeasuredInput['series'],
    summary: JSON.parse(m.summary) as MeasuredInput['summary'],
  };
}

/** Reads stored series, remembering the last few (a project is calculated, previewed, printed in turn). */
export class RainSeriesStore {
  private readonly cache = new LruCache<StoredSeries>(16 * 1024 * 1024);
  constructor(private readonly db: Db) {}

  /** Whether `owner` holds the series of that id (uploaded it to one of its projects). */
  holds(id: string, owner: string): Promise<boolean> {
    return usableBy(this.db, id, owner, new Map());
  }

  /** The series of that id, or undefined when none is stored. */
  async get(id: string): Promise<StoredSeries | undefined> {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const row = await this.db
      .selectFrom('rain_series')
      .select(['id', 'data', 'summary'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const found = { id: row.id, data: new Uint8Array(row.data), summary: row.summary };
    this.cache.set(id, found, found.data.byteLength + found.summary.length);
    return found;
  }
}

/** What precedes a series' id in a project's (or an issued note's) canonical JSON: the Chantier form's field. */
const NAMED_AT = '"rain_series":"';

/** Series deleted at most per statement, and statements at most per sweep (the sweep runs hourly). */
const SWEEP_BATCH = 100;
const SWEEP_BATCHES = 50;

/**
 * Deletes the series created before `before` that no project and no issued note names any more, a
 * hundred at a time, at most 5,000 per sweep. Answers how many went. A hundred an hour was fewer than
 * a few addresses can make within their quotas (a helper's attack, 2026-11-30: six addresses, 915 in
 * a minute, bounded by the day's storage at about 55,000 a day), so that the table grew for good.
 *
 * The ids named are read in one pass over each table (the id that follows the first `"rain_series":"`
 * of a content: canonical JSON sorts the Chantier step, which holds the field, before every step that
 * could hold such text, and a string value cannot hold it unescaped), not one LIKE scan of every
 * content per series: that cost series x projects (10,000 projects and 1,000 series held SQLite, and so
 * the server's thread, 5.7 s an hour; 20,000 and 2,000, 27 s).
 */
export async function sweepSeries(db: Db, before: string, dialect: Dialect): Promise<number> {
  let swept = 0;
  for (let batch = 0; batch < SWEEP_BATCHES; batch += 1) {
    const gone = await sweepBatch(db, before, dialect);
    swept += gone;
    if (gone < SWEEP_BATCH) break;
    // the server's other work between two statements (SQLite runs on its thread)
    await new Promise((resolve) => setImmediate(resolve));
  }
  return swept;
}

async function sweepBatch(db: Db, before: string, dialect: Dialect): Promise<number> {
  const at = dialect === 'postgres' ? sql`strpos` : sql`instr`;
  const named = (table: 'projects' | 'issued_notes') =>
    sql`select substr(content, ${at}(content, ${NAMED_AT}) + ${NAMED_AT.length}, 64) from ${sql.table(table)} where ${at}(content, ${NAMED_AT}) > 0`;
  const gone = await db
    .selectFrom('rain_series')
    .select('id')
    .where('created_at', '<', before)
    .where(sql<boolean>`id not in (${named('projects')})`)
    .where(sql<boolean>`id not in (${named('issued_notes')})`)
    .limit(SWEEP_BATCH)
    .execute();
  if (gone.length) {
    const ids = gone.map((g) => g.id);
    await db.deleteFrom('rain_series_owners').where('series_id', 'in', ids).execute();
    await db.deleteFrom('rain_series').where('id', 'in', ids).execute();
  }
  return gone.length;
}
