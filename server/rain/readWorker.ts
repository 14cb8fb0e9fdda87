import { serveJobs } from '../workers/serveJobs';
import { runRainJob, type RainAnswer, type RainJob } from './readJob';

/**
 * A rain worker: reads uploaded daily rain files (a 40-year series, a département's file) off the
 * server's thread and answers the series gzipped, moved back rather than copied.
 */
serveJobs<RainJob, RainAnswer>(async (job) => {
  const value = await runRainJob(job);
  const transfer = value.ok
    ? [...('data' in value ? [value.data.buffer] : []), ...(value.archive ? [value.archive.buffer] : [])]
    : [];
  return { value, transfer: transfer as ArrayBuffer[] };
});
