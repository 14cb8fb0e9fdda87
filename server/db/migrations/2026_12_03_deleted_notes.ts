import { type Kysely, type Migration } from 'kysely';

/**
 * Issued notes outlive their project (issue 35, item 6): when the author deletes a project and keeps its
 * notes as issued, each note remembers who may still withdraw it or hide the client's details:
 * - `owner`: the deleted project's owner (null: an admin's project, which admins alone may change);
 * - `project_deleted_at`: when its project was deleted (null: the project still stands, and whoever may
 *   see it may change its notes, as before).
 */
export const deletedNotes: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('issued_notes').addColumn('owner', 'varchar(64)').execute();
    await db.schema.alterTable('issued_notes').addColumn('project_deleted_at', 'varchar(32)').execute();
  },
};
