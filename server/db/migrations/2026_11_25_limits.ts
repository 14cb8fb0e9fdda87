import type { Kysely, Migration } from 'kysely';

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
export const limits: Migration = {
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
    // `variant_of` is a column of the index rather than its condition: SQLite then reads the page's ids
    // from the index alone (a partial index's condition is checked on the row).
    for (const col of SORTED) {
      await db.schema
        .createIndex(`projects_list_${col}`)
        .on('projects')
        .columns(['product_type', 'variant_of', col, 'id'])
        .execute();
      await db.schema
        .createIndex(`projects_owner_list_${col}`)
        .on('projects')
        .columns(['owner', 'product_type', 'variant_of', col, 'id'])
        .execute();
    }
    // The variants' migration's partial index of the first projects by date is covered by the above.
    await db.schema.dropIndex('projects_heads').execute();
  },
};
