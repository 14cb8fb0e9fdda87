import { sql, type Kysely, type Migration } from 'kysely';

/** The sort columns of the history, each with an index for the groups' first projects. */
const SORTED = ['name', 'postcode', 'city', 'company', 'commercial', 'region', 'updated_at', 'created_at'];

/**
 * What bounds one visitor (issue 26):
 * - `counters`: counts in a window (failed sign-ins per name and address and per address, projects
 *   created and bytes stored per visitor and per address), shared by every copy of the server; a row
 *   whose window is over is deleted. It replaces `login_failures`, which counted sign-ins alone and was
 *   never pruned (its rows only counted for 15 minutes: nothing of value is lost).
 * - the history's indexes: for each sort column, the groups' first projects of a type by that column
 *   and id (the page's order), for all owners and for one owner. A page's ids are read from the index
 *   alone, so a deep page skips small index entries rather than whole rows (in SQLite, a row's columns
 *   past its content are read through the content's overflow pages), and the count of one owner's
 *   projects is read from its index.
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
      for (const col of SORTED)
        for (const [name, lead] of [
          [`projects_list_${col}`, ['product_type']],
          [`projects_owner_list_${col}`, ['owner', 'product_type']],
        ] as const) {
          // PostgreSQL: a partial index of the first projects, whose order it reads as the page's. SQLite
          // reads a partial index's rows to check its condition: there `variant_of` is a column of the
          // index instead, and the page's ids come from the index alone.
          const index = db.schema.createIndex(name).on('projects');
          await (
            dialect === 'postgres'
              ? index.columns([...lead, col, 'id']).where(sql.ref('variant_of'), 'is', null)
              : index.columns([...lead, 'variant_of', col, 'id'])
          ).execute();
        }
      // The variants' migration's partial index of the first projects by date is covered by the above.
      await db.schema.dropIndex('projects_heads').execute();
    },
  };
}
