import { type Kysely, type Migration } from 'kysely';

/**
 * A note the city can verify, and a project that follows its author (issue 30):
 * - `issued_notes`: what each printed note was printed from, kept unchanged: the answers and results as
 *   stored, the calculation and its method's version, the climate data's identity, the date, the
 *   note's language and the SHA-256 of the PDF's bytes, under its verification code (128 random bits).
 *   `show_client`: the author lets the verification page show the client's details; `withdrawn_at`:
 *   the author withdrew the code (the page says so). A project's notes are found by `project_id`.
 * - `projects.link`: the project's secret link token (128 random bits; null: none); a new one ends the
 *   old one. A browser that opened the link holds a signed grant naming the token's digest, so a renewed
 *   link also ends the access it gave.
 */
export const issuedNotes: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('issued_notes')
      .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('project_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('product_type', 'varchar(40)', (c) => c.notNull())
      .addColumn('calculation', 'varchar(40)', (c) => c.notNull())
      .addColumn('method_version', 'varchar(40)', (c) => c.notNull())
      .addColumn('climate', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('results', 'text', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('city', 'varchar(255)', (c) => c.notNull())
      .addColumn('postcode', 'varchar(255)', (c) => c.notNull())
      .addColumn('number', 'integer')
      .addColumn('locale', 'varchar(8)', (c) => c.notNull())
      .addColumn('pdf_sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('pdf_size', 'integer', (c) => c.notNull())
      .addColumn('show_client', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('issued_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('withdrawn_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('issued_notes_project').on('issued_notes').column('project_id').execute();
    await db.schema.alterTable('projects').addColumn('link', 'varchar(32)').execute();
    await db.schema.createIndex('projects_link').on('projects').column('link').unique().execute();
  },
};
