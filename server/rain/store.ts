/**
 * Where measured rain series live (migrations/2026_12_01_rain_series.ts): stored once per content, read
 * for the calculations (the gzipped JSON is handed to the calculation worker as it is stored, and
 * decompressed there), swept when nothing names them any more.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { gunzipSync } from 'node:zlib';
import { measuredSeriesOf, type MeasuredInput } from '../calc/abattement/abattement';
import type { StoredProject } from '../calc';
import { LruCache } from '../projects/lruCache';

/** A stored series as the calculation worker receives it. */
export interface StoredSeries {
  id: string;
  /** the series' JSON, gzipped */
  data: Uint8Array;
  /** the upload's summary, JSON */
  summary: string;
}

/** The pattern of a series' id (the SHA-256 of its JSON, in hexadecimal). */
export const SERIES_ID = /^[0-9a-f]{64}$/;

/** The measured series a project's steps (canonical JSON) name, or null: read only when they may name one. */
export function seriesIdIn(content: string): string | null {
  if (!content.includes('"rain_series":"')) return null;
  const id = measuredSeriesOf({ steps: JSON.parse(content) as StoredProject['steps'] });
  return id !== null && SERIES_ID.test(id) ? id : null;
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

/**
 * Deletes the series created before `before` that no project and no issued note names any more, a
 * hundred at most per sweep. Answers how many went.
 */
export async function sweepSeries(db: Db, before: string): Promise<number> {
  const named = (table: 'projects' | 'issued_notes') =>
    sql<boolean>`exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.content`)} like '%' || ${sql.ref('rain_series.id')} || '%')`;
  const gone = await db
    .selectFrom('rain_series')
    .select('id')
    .where('created_at', '<', before)
    .where((eb) => eb.not(named('projects')))
    .where((eb) => eb.not(named('issued_notes')))
    .limit(100)
    .execute();
  if (gone.length)
    await db
      .deleteFrom('rain_series')
      .where(
        'id',
        'in',
        gone.map((g) => g.id),
      )
      .execute();
  return gone.length;
}
