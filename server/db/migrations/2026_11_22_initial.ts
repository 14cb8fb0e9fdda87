import { sql, type Kysely, type Migration } from 'kysely';

/** Projects, their files, the mail outbox and the admins. Frozen in time: typed Kysely<any>. */
export function initial(dialect: 'sqlite' | 'postgres'): Migration {
  const pg = dialect === 'postgres';
  return { up: (db) => up(db, pg), down };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function up(db: Kysely<any>, pg: boolean): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('product_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('command', 'varchar(255)')
    .addColumn('owner', 'varchar(64)')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('results', 'text')
    .addColumn('comment', 'text')
    .addColumn('extended_properties', 'text')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('postcode', 'varchar(255)', (c) => c.notNull())
    .addColumn('city', 'varchar(255)', (c) => c.notNull())
    .addColumn('company', 'varchar(255)', (c) => c.notNull())
    .addColumn('commercial', 'varchar(255)', (c) => c.notNull())
    .addColumn('region', 'varchar(255)', (c) => c.notNull())
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('projects_type_updated')
    .on('projects')
    .columns(['product_type', 'updated_at'])
    .execute();
  await db.schema.createIndex('projects_owner').on('projects').columns(['owner', 'product_type']).execute();
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('project_id', 'varchar(40)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', sql.raw(pg ? 'bytea' : 'blob'), (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_project').on('files').column('project_id').execute();
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('project_id', 'varchar(40)')
    .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_pending').on('outbox').columns(['sent_at', 'next_at']).execute();
  await db.schema
    .createTable('admins')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['admins', 'outbox', 'files', 'projects']) await db.schema.dropTable(t).execute();
}
