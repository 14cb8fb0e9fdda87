import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/** What precedes a series' id in a project's canonical JSON (rain/store.ts NAMED_AT). */
const NAMED_AT = '"rain_series":"';

/**
 * Who holds each measured rain series (rain/routes.ts): the owner of each project it was uploaded to.
 * A series is kept once per content and named by its id; without this, any visitor who had seen an id
 * (a project shared by its link) could read its summary and calculate on its days, and keep it from the
 * sweep after its owner deleted every project naming it (a helper's attack, round 7). The series that
 * projects name already are given to those projects' owners, so that every stored project calculates as
 * before. Exported for the test of that hand-over.
 */
export async function giveSeriesToOwners(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  dialect: Dialect,
): Promise<void> {
  const at = dialect === 'postgres' ? sql`strpos` : sql`instr`;
  await sql`insert into rain_series_owners (series_id, owner)
    select distinct n.series_id, n.owner from (
      select substr(content, ${at}(content, ${NAMED_AT}) + ${NAMED_AT.length}, 64) as series_id, owner
      from projects where owner is not null and ${at}(content, ${NAMED_AT}) > 0
    ) n
    where n.series_id in (select id from rain_series)
      and not exists (select 1 from rain_series_owners o where o.series_id = n.series_id and o.owner = n.owner)`.execute(
    db,
  );
}

export function rainSeriesOwners(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('rain_series_owners')
        .addColumn('series_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('owner', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('rain_series_owners_pk', ['series_id', 'owner'])
        .execute();
      await giveSeriesToOwners(db, dialect);
    },
  };
}
