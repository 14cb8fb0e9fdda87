import { sql, type Kysely, type Migration } from 'kysely';

/** The sort columns of the history (repository.ts SORTS, as they were on this date). */
const SORTED = ['name', 'postcode', 'city', 'company', 'commercial', 'region', 'updated_at', 'created_at'];

/**
 * What bounds one visitor (issue 26):
 * - `counters`: counts in a window (failed sign-ins per name and address and per address, projects
 *   created and bytes stored per visitor and per address), shared by every copy of the server; a row
 *   whose window is over is deleted. It replaces `login_failures`, which counted sign-ins alone and was
 *   never pruned (its rows only counted for 15 minutes: nothing of value is lost).
 * - the history's indexes, one per sort column for all owners and one for one owner (below): a deep
 *   page costs what the first does.
 */
export function limits(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('counters')
        .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addColumn('since', 'varchar(32)', (c) => c.notNull())
        .addColumn('until', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('counters_until').on('counters').column('until').execute();
      await db.schema.dropTable('login_failures').execute();
      // For each sort column, the groups' first projects of a type in the page's order (the column,
      // then id), for all owners (the admin's history) and for one owner (a visitor's). The page's ids
      // are read from the index alone: a deep page skips index entries where it read whole rows (in
      // SQLite, a row's columns past its content are read through the content's overflow pages: the
      // last page of 25,000 read them all), and costs what the first does, whatever the sort. PostgreSQL
      // keeps the first projects in partial indexes (it does not take `variant_of is null` among an
      // index's columns as an equality, and would sort every page); SQLite checks a partial index's
      // condition on the row, so there `variant_of` is a column of the index instead.
      for (const col of SORTED)
        for (const [name, lead] of [
          [`projects_list_${col}`, ['product_type']],
          [`projects_owner_list_${col}`, ['owner', 'product_type']],
        ] as const) {
          const index = db.schema.createIndex(name).on('projects');
          await (
            dialect === 'postgres'
              ? index.columns([...lead, col, 'id']).where(sql.ref('variant_of'), 'is', null)
              : index.columns([...lead, 'variant_of', col, 'id'])
          ).execute();
        }
      // Covered by the above (and no longer read): the first migration's indexes of a type by date and
      // of an owner's projects, the variants' partial index of the first projects by date.
      for (const old of ['projects_type_updated', 'projects_owner', 'projects_heads'])
        await db.schema.dropIndex(old).execute();
    },
  };
}
