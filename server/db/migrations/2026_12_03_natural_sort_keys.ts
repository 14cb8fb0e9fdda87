import { type Kysely, type Migration } from 'kysely';
import { sortKey } from '../../projects/projectText';

/** The history's sort keys and the columns they are read from. */
const KEYED = [
  ['sort_name', 'name'],
  ['sort_city', 'city'],
  ['sort_company', 'company'],
  ['sort_commercial', 'commercial'],
  ['sort_region', 'region'],
] as const;
const BATCH = 1000;

/**
 * The history's sort keys written anew (issue 37 item 9): ligatures as their letters and numbers by their
 * value (projectText's sortKey), so that "Œuvre" sorts among the o's and "Abbaye 108 9" before "Abbaye
 * 108 41" in both databases. Every project's keys are read and written again, a thousand at a time, in
 * the order of their ids; only those that change are written.
 */
export const naturalSortKeys: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    let after = '';
    for (;;) {
      const rows = (await db
        .selectFrom('projects')
        .select(['id', ...KEYED.flat()])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute()) as Record<string, string>[];
      if (!rows.length) return;
      for (const r of rows) {
        const change = Object.fromEntries(
          KEYED.map(([key, col]) => [key, sortKey(r[col] ?? '')] as const).filter(([key, v]) => v !== r[key]),
        );
        if (Object.keys(change).length)
          await db.updateTable('projects').set(change).where('id', '=', r.id).execute();
      }
      after = rows[rows.length - 1]!.id!;
    }
  },
};
