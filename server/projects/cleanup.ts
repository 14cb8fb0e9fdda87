import type { Db, Dialect } from '../db/database';
import { pruneCounters } from '../quota/counters';
import { sweepSeries } from '../rain/store';
import { deleteAbandoned } from './repository';

/** How long an abandoned start (a project never named, still ongoing) is kept: a day. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Removes abandoned starts now and then every hour (deleteAbandoned), so a visitor who left after the
 * first step leaves no row behind, the measured rain series nothing names any more (sweepSeries), and
 * the counters whose window is over (the request rate limit's leaves them). Answers the function that
 * stops it. A failed sweep is retried at the next one.
 */
export function startCleanup(db: Db, dialect: Dialect, everyMs = 60 * 60 * 1000): () => void {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    const before = new Date(Date.now() - ABANDONED_AFTER_MS).toISOString();
    Promise.all([
      deleteAbandoned(db, before)
        // and the measured rain series a day old that nothing names (uploaded, then never saved)
        .then(() => sweepSeries(db, before, dialect)),
      pruneCounters(db),
    ])
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
