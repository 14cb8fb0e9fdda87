import type { Db } from '../db/database';
import { openReader } from '../db/database';
import { serveJobs } from '../workers/serveJobs';
import type { SearchAnswer, SearchJob } from './historyReader';
import { searchProjects } from './repository';
import { presentListItem } from './present';

let db: Db | undefined;

/**
 * The history reader's worker: runs a history search (repository.ts searchProjects) and presents its
 * rows (present.ts presentListItem) on its own read-only connection to the database (opened at its first job), so that however long a search of a
 * large installation takes, the server's thread does not wait for it.
 */
serveJobs<SearchJob, SearchAnswer>(async ({ database, query }) => {
  db ??= openReader(database);
  const { rows, total, variants } = await searchProjects(db, query);
  // the page as the history shows it, made here: the server's thread is handed a few KB, not the
  // projects' contents (up to about 0.2 MB each) to read again
  return { value: { items: rows.map((row) => presentListItem(row, variants.get(row.id))), total } };
});
