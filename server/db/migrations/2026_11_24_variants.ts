import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Variants of a project: a copy made to try another choice, kept in its project's group. `variant_of`
 * names the group's first project (null on that project itself); `variant_no` numbers the group's
 * members (1 when null). One number per member: the unique index refuses a second copy racing for it.
 * The history pages over the groups' first projects: a partial index keeps them in date order.
 */
export const variants: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('projects').addColumn('variant_of', 'varchar(40)').execute();
    await db.schema.alterTable('projects').addColumn('variant_no', 'integer').execute();
    await db.schema
      .createIndex('projects_variant')
      .on('projects')
      .columns(['variant_of', 'variant_no'])
      .unique()
      .execute();
    await db.schema
      .createIndex('projects_heads')
      .on('projects')
      .columns(['product_type', 'updated_at'])
      .where(sql.ref('variant_of'), 'is', null)
      .execute();
  },
};
