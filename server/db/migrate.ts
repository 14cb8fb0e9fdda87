import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database';
import { initial } from './migrations/2026_11_22_initial';
import { searchIndex } from './migrations/2026_11_22_search_index';
import { sessions } from './migrations/2026_11_23_sessions';
import { noteDrafts } from './migrations/2026_11_23_note_drafts';
import { variants } from './migrations/2026_11_24_variants';
import { limits } from './migrations/2026_11_25_limits';
import { projectNumbers } from './migrations/2026_11_25_project_numbers';
import { sortKeyIndexes } from './migrations/2026_11_25_sort_key_indexes';
import { issuedNotes } from './migrations/2026_11_25_issued_notes';
import { rainSeries } from './migrations/2026_12_01_rain_series';
import { jobLeases } from './migrations/2026_12_02_job_leases';
import { deletedNotes } from './migrations/2026_12_03_deleted_notes';
import { naturalSortKeys } from './migrations/2026_12_03_natural_sort_keys';
import { countedBytes } from './migrations/2026_12_04_counted_bytes';
import { rainSeriesOwners } from './migrations/2026_12_05_rain_series_owners';
import { rainSeriesOwnerIndex } from './migrations/2026_12_06_rain_series_owner_index';

/** The dated migrations, in order. Add a file under migrations/ and a line here. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '2026_11_22_initial': initial(dialect),
    '2026_11_22_search_index': searchIndex(dialect),
    '2026_11_23_sessions': sessions,
    '2026_11_23_note_drafts': noteDrafts,
    '2026_11_24_variants': variants,
    '2026_11_25_limits': limits(dialect),
    '2026_11_25_project_numbers': projectNumbers,
    '2026_11_25_sort_key_indexes': sortKeyIndexes(dialect),
    '2026_11_25_issued_notes': issuedNotes,
    '2026_12_01_rain_series': rainSeries(dialect),
    '2026_12_02_job_leases': jobLeases(dialect),
    '2026_12_03_deleted_notes': deletedNotes,
    '2026_12_03_natural_sort_keys': naturalSortKeys,
    '2026_12_04_counted_bytes': countedBytes,
    '2026_12_05_rain_series_owners': rainSeriesOwners(dialect),
    '2026_12_06_rain_series_owner_index': rainSeriesOwnerIndex,
  };
}

/** The database could not be reached or brought to the latest migration (server/main.ts names it). */
export class MigrationError extends Error {}

/** Brings the database to the latest migration; throws with the failing migration's name. */
export async function migrate(db: Db, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations(dialect)) };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const why = error instanceof Error ? error.message : String(error);
    // an older version started on a database a newer one migrated (an upgrade rolled back)
    const newer = /previously executed migration (\S+) is missing/.exec(why)?.[1];
    if (newer)
      throw new MigrationError(
        `the database was migrated by a newer version of this product (its migration ${newer} is unknown to this one): ` +
          'start that version, or restore the backup made before the upgrade',
      );
    // No migration ran: the database could not be reached (or the migrations' table read) at all.
    throw new MigrationError(
      failed ? `migration ${failed.migrationName} failed: ${why}` : `cannot migrate the database: ${why}`,
    );
  }
}
