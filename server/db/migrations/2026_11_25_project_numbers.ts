import { type Kysely, type Migration } from 'kysely';

/**
 * What the history, the note, the Excel file and the mail show of a project beside its random id:
 * - `number`: a readable number, one sequence per product type (1, 2, 3…), unique with its type. The
 *   next number is taken from `project_numbers` by one upsert (`… on conflict do update … returning`),
 *   which PostgreSQL serialises on the counter's row and SQLite on its single writer: two projects
 *   created at once never share a number.
 * - `sort_name`, `sort_city`, `sort_company`, `sort_commercial`, `sort_region`: the history's sort keys
 *   (lower case, accents removed), so that "École" sorts with the e's in both databases, whatever
 *   their collation.
 * - `variant_label`: the name the user gives a variant ("Base", "Toundra + Retentio"); null: unnamed.
 * Existing projects are numbered in their order of creation and given their keys here.
 */
export const projectNumbers: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    for (const column of ['sort_name', 'sort_city', 'sort_company', 'sort_commercial', 'sort_region'])
      await db.schema
        .alterTable('projects')
        .addColumn(column, 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .execute();
    await db.schema.alterTable('projects').addColumn('number', 'integer').execute();
    await db.schema.alterTable('projects').addColumn('variant_label', 'varchar(80)').execute();
    await db.schema
      .createTable('project_numbers')
      .addColumn('product_type', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('last', 'integer', (c) => c.notNull())
      .execute();

    const rows = (await db
      .selectFrom('projects')
      .select(['id', 'product_type', 'name', 'city', 'company', 'commercial', 'region'])
      .orderBy('product_type')
      .orderBy('created_at')
      .orderBy('id')
      .execute()) as {
      id: string;
      product_type: string;
      name: string;
      city: string;
      company: string;
      commercial: string;
      region: string;
    }[];
    const last = new Map<string, number>();
    for (const r of rows) {
      const n = (last.get(r.product_type) ?? 0) + 1;
      last.set(r.product_type, n);
      await db
        .updateTable('projects')
        .set({
          number: n,
          sort_name: key(r.name),
          sort_city: key(r.city),
          sort_company: key(r.company),
          sort_commercial: key(r.commercial),
          sort_region: key(r.region),
        })
        .where('id', '=', r.id)
        .execute();
    }
    for (const [type, n] of last)
      await db.insertInto('project_numbers').values({ product_type: type, last: n }).execute();
    await db.schema
      .createIndex('projects_number')
      .on('projects')
      .columns(['product_type', 'number'])
      .unique()
      .execute();
  },
};

/** The sort key of 2026-11-25 (frozen here: the repository's may change later). */
function key(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
}
