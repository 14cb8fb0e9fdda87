import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A project's stored answers and results count in its visitor's storage (quota/quotas.ts): each project
 * remembers the most bytes of answers and results it has been charged for (`counted_bytes`, UTF-8
 * bytes), so that a write is charged only for what it stores beyond that mark. An edit that clears the
 * results and the calculation that stores them again cost nothing; only a project growing past its
 * largest costs its growth. The projects stored before are marked at their size: nothing is charged for them.
 */
export const countedBytes: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('projects')
      .addColumn('counted_bytes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update projects set counted_bytes = octet_length(content) + coalesce(octet_length(results), 0)`.execute(
      db,
    );
  },
};
