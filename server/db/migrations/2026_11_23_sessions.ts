import type { Kysely, Migration } from 'kysely';

/**
 * Revocable admin sessions (a row per signed-in browser, removed at logout, expired after 8 h idle, void
 * once the admin's password changes), failed sign-ins counted per name and address (shared by every copy
 * of the server), and one Message-ID per outbox row so that a retried mail is the same message.
 */
export const sessions: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('admin_sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('admin', 'varchar(100)', (c) => c.notNull())
      .addColumn('credential', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_sessions_admin').on('admin_sessions').column('admin').execute();
    await db.schema
      .createTable('login_failures')
      .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('outbox').addColumn('message_id', 'varchar(200)').execute();
  },
};
