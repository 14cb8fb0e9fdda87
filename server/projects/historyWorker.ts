import type { Db } from '../db/database';
import { openReader } from '../db/database';
import { serveJobs } from '../workers/serveJobs';
import type { SearchAnswer, SearchJob } from './historyReader';
import { searchProjects } from './repository';

let db: Db | undefined;

/**
 * The history reader's worker: runs a history search (repository.ts searchProjects) on its own
 * read-only connection to the database (opened at its first job), so that however long a search of a
 * large installation takes, the server's thread does not wait for it.
 */
serveJobs<SearchJob, SearchAnswer>(async ({ database, query }) => {
  db ??= openReader(database);
  const { rows, total, variants } = await searchProjects(db, query);
  return { value: { rows, total, variants: [...variants] } };
});
