import { join } from 'node:path';
import { WorkerPool, type JobOptions, type PoolOptions } from '../workers/pool';
import type { NoteInput } from './renderNote';

export { Cancelled, OverBudget, PoolBusy, VisitorBusy } from '../workers/pool';

/**
 * Renders calculation notes on worker threads (workers/pool.ts), so that a large note never stops the
 * server from answering: `size` at once, `queue` waiting, `perVisitor` in flight per visitor (one by
 * default: a visitor asking again waits for its note), each within a time and a heap budget.
 */
export class PdfPool extends WorkerPool<NoteInput, Uint8Array> {
  constructor(
    opts: Pick<PoolOptions, 'size' | 'queue' | 'timeoutMs' | 'memoryMb'> &
      Partial<Pick<PoolOptions, 'perVisitor' | 'shared'>>,
  ) {
    super({
      module: join(import.meta.dirname, 'worker.ts'),
      expectedMs: 2000,
      perVisitor: opts.perVisitor ?? Number.MAX_SAFE_INTEGER,
      ...opts,
    });
  }

  /** The PDF of a note; rejects as WorkerPool.run does. */
  render(input: NoteInput, job: JobOptions = {}): Promise<Uint8Array> {
    return this.run(input, job);
  }
}
