import { serveJobs } from '../../../server/workers/serveJobs';

/** A worker for the pool's tests: answers each job's tag after `ms` milliseconds. */
serveJobs<{ tag: string; ms: number }, string>(async ({ tag, ms }) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { value: tag };
});
