import { join } from 'node:path';
import { WorkerPool, type JobOptions, type PoolOptions } from '../workers/pool';
import type { WorkbookInput } from '../excel/workbookJob';
import type { NoteInput } from './renderNote';

/** A print worker's job: a calculation note, or a results workbook. */
export type PrintJob = NoteInput | { workbook: WorkbookInput };

export { Cancelled, OverBudget, PoolBusy, VisitorBusy } from '../workers/pool';

/**
 * Renders calculation notes and writes results workbooks on worker threads (workers/pool.ts), so that a
 * large one never stops the server from answering: `size` at once, `queue` waiting, `perVisitor` in
 * flight per visitor (no limit unless given: the server gives PDF_PER_VISITOR, server/app.ts), each within
 * a time and a heap budget.
 */
export class PdfPool extends WorkerPool<PrintJob, Uint8Array> {
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

  /** The xlsx of a project's results; rejects as WorkerPool.run does. */
  workbook(input: WorkbookInput, job: JobOptions = {}): Promise<Uint8Array> {
    return this.run({ workbook: input }, job);
  }
}
