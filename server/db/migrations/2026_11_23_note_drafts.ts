import type { Kysely, Migration } from 'kysely';

/** The calculation note's draft (each section's free text and image), kept with its project. */
export const noteDrafts: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('note_drafts')
      .addColumn('project_id', 'varchar(40)', (c) =>
        c.primaryKey().references('projects.id').onDelete('cascade'),
      )
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
};
