import { join } from 'node:path';
import type { Config } from '../config';
import type { HistoryItem } from '../../words/apiContract';
import { WorkerPool, type JobOptions, type SharedShare } from '../workers/pool';
import type { HistoryQuery } from './repository';

/** What the history reader is sent: where the database is, and the page asked. */
export interface SearchJob {
  database: Pick<Config, 'databaseUrl' | 'dataDir'>;
  query: HistoryQuery;
}

/** What it answers: the page's rows as the history shows them (each with its variants), and the total. */
export interface SearchAnswer {
  items: HistoryItem[];
  total: number;
}

/**
 * The history searches, off the server's thread (issue 35, item 7): a search of "ab" over 100,001 projects
 * scans them all (a substring needs no index to be found, and SQLite's trigram index starts at 3
 * characters), and SQLite's driver is synchronous, so on the server's thread it held every other request
 * for the whole scan. A reader thread (historyWorker.ts) runs them on its own read-only connection, one
 * at a time, visitors in turn (workers/pool.ts: a queue of 64, 32 per visitor, counted by every copy of
 * the server with `shared`; 503 or 429 past them; a newcomer takes the place of one holding more).
 * PostgreSQL's searches go the same way: one connection of the pool's ten, however many admins search.
 *
 * Two readers: an admin's search across every owner reads the whole table (about 1 s at 20,000
 * projects, SQLite, when the word is short), a visitor's reads its own rows from their index (1 ms).
 * Behind one reader, a visitor's search waited for the admin's search running (up to 472 ms at 20,000
 * projects: a helper's attack, round 7); each kind now has its own thread and queue, so that admins
 * searching wait for each other, never a visitor for them.
 */
export class HistoryReader {
  /** a visitor's own history (owner given) */
  private readonly own: WorkerPool<SearchJob, SearchAnswer>;
  /** an admin's history of every owner */
  private readonly all: WorkerPool<SearchJob, SearchAnswer>;

  constructor(
    private readonly database: Pick<Config, 'databaseUrl' | 'dataDir'>,
    shared?: SharedShare,
  ) {
    const pool = () =>
      new WorkerPool<SearchJob, SearchAnswer>({
        ...(shared ? { shared } : {}),
        module: join(import.meta.dirname, 'historyWorker.ts'),
        size: 1,
        queue: 64,
        perVisitor: 32,
        timeoutMs: 60_000,
        memoryMb: 256,
        expectedMs: 200,
      });
    this.own = pool();
    this.all = pool();
  }

  /** Searches running and waiting now, both readers together. */
  get stats(): { running: number; queued: number } {
    const a = this.own.stats;
    const b = this.all.stats;
    return { running: a.running + b.running, queued: a.queued + b.queued };
  }

  /** A history page (repository.ts searchProjects); rejects as WorkerPool.run does. */
  async search(query: HistoryQuery, job: JobOptions = {}): Promise<SearchAnswer> {
    const pool = query.owner === null ? this.all : this.own;
    return pool.run({ database: this.database, query }, job);
  }

  async close(): Promise<void> {
    await Promise.all([this.own.close(), this.all.close()]);
  }
}
