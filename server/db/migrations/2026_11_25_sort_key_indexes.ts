import { sql, type Kysely, type Migration } from 'kysely';

/** The history's text sorts (repository.ts SORT_KEYS, as they were on this date): key column, text column. */
const KEYED = [
  ['sort_name', 'name'],
  ['sort_city', 'city'],
  ['sort_company', 'company'],
  ['sort_commercial', 'commercial'],
  ['sort_region', 'region'],
] as const;

/**
 * The history sorts its texts by an accent-free key, then the text, then id (2026_11_25_project_numbers):
 * the indexes of 2026_11_25_limits, one per sort for all owners and one for one owner, in that order, so
 * that a deep page sorted by name reads index entries again and costs what the first does (issue 26).
 */
export function sortKeyIndexes(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      for (const [key, col] of KEYED)
        for (const [name, lead] of [
          [`projects_list_${key}`, ['product_type']],
          [`projects_owner_list_${key}`, ['owner', 'product_type']],
        ] as const) {
          const index = db.schema.createIndex(name).on('projects');
          await (
            dialect === 'postgres'
              ? index.columns([...lead, key, col, 'id']).where(sql.ref('variant_of'), 'is', null)
              : index.columns([...lead, 'variant_of', key, col, 'id'])
          ).execute();
        }
    },
  };
}
