import { type Kysely, type Migration } from 'kysely';

/**
 * The series an owner holds, found by its index: a visitor's storage counts them (quota/quotas.ts
 * bytesOf) on every write it is charged for, and the table's key starts with the series' id.
 */
export const rainSeriesOwnerIndex: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createIndex('rain_series_owners_owner')
      .on('rain_series_owners')
      .columns(['owner', 'series_id'])
      .execute();
  },
};
