import { parentPort } from 'node:worker_threads';
import type { WorkerAnswer } from './pool';

/**
 * The worker's side of a WorkerPool: runs `handle` on each job it is sent, one at a time, and answers
 * its value (the buffers `transfer` lists are moved, not copied) or the error's message.
 */
export function serveJobs<In, Out>(
  handle: (input: In) => Promise<{ value: Out; transfer?: ArrayBuffer[] }>,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread');
  port.on('message', (input: In) => {
    handle(input).then(
      ({ value, transfer }) =>
        port.postMessage({ ok: true, value } satisfies WorkerAnswer<Out>, transfer ?? []),
      (e: unknown) =>
        port.postMessage({
          ok: false,
          error: e instanceof Error ? e.message : String(e),
        } satisfies WorkerAnswer<Out>),
    );
  });
}
