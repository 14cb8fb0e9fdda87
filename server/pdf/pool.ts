import { Worker } from 'node:worker_threads';
import type { NoteInput } from './renderNote';

/** Every worker is busy and the queue is full: answer 503 and come back after `retryAfter` seconds. */
export class PoolBusy extends Error {
  constructor(readonly retryAfter: number) {
    super('Every PDF worker is busy');
    this.name = 'PoolBusy';
  }
}

/** A note went over its budget (time or memory): its worker was stopped and replaced. */
export class OverBudget extends Error {
  constructor(readonly budget: 'time' | 'memory') {
    super(`The note went over its ${budget} budget`);
    this.name = 'OverBudget';
  }
}

interface Job {
  input: NoteInput;
  resolve: (pdf: Uint8Array) => void;
  reject: (e: Error) => void;
}

export interface PoolOptions {
  /** workers rendering at once */
  size: number;
  /** notes waiting for a worker at most; one more is refused with PoolBusy */
  queue: number;
  /** a note's time budget */
  timeoutMs: number;
  /** a worker's heap budget */
  memoryMb: number;
}

/**
 * Renders calculation notes on worker threads, so that a large note never stops the server from
 * answering: at most `size` at once, `queue` waiting, each within a time and a heap budget (over it, the
 * worker is terminated and a fresh one takes its place). Workers start on first use and then stay.
 */
export class PdfPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();
  private readonly waiting: Job[] = [];
  private closed = false;
  /** a moving mean of the render time, for Retry-After */
  private meanMs = 2000;

  constructor(private readonly opts: PoolOptions) {}

  /** The PDF of a note; rejects with PoolBusy, OverBudget, or the renderer's error. */
  render(input: NoteInput): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new Error('the PDF pool is closed'));
    const free = this.idle.length > 0 || this.busy.size + this.idle.length < this.opts.size;
    if (!free && this.waiting.length >= this.opts.queue) {
      const ahead = this.waiting.length + this.busy.size;
      return Promise.reject(
        new PoolBusy(Math.max(1, Math.ceil((ahead * this.meanMs) / this.opts.size / 1000))),
      );
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.pump();
    });
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.unref(); // an idle worker never keeps the process alive
    // An idle worker that dies is forgotten; the next note starts a new one.
    worker.on('exit', () => {
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
    });
    return worker;
  }

  private pump(): void {
    while (this.waiting.length) {
      let worker = this.idle.pop();
      if (!worker) {
        if (this.busy.size >= this.opts.size) return;
        worker = this.spawn();
      }
      this.run(worker, this.waiting.shift()!);
    }
  }

  private run(worker: Worker, job: Job): void {
    this.busy.add(worker);
    const started = Date.now();
    let settled = false;
    const finish = (keep: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      this.busy.delete(worker);
      if (keep && !this.closed) this.idle.push(worker);
      else void worker.terminate();
      outcome();
      this.pump();
    };
    const onMessage = (m: { ok: true; pdf: Uint8Array } | { ok: false; error: string }) => {
      this.meanMs = 0.8 * this.meanMs + 0.2 * (Date.now() - started);
      finish(true, () => (m.ok ? job.resolve(m.pdf) : job.reject(new Error(m.error))));
    };
    const onError = (e: Error & { code?: string }) =>
      finish(false, () => job.reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new OverBudget('memory') : e));
    const onExit = () => finish(false, () => job.reject(new OverBudget('memory')));
    const timer = setTimeout(
      () => finish(false, () => job.reject(new OverBudget('time'))),
      this.opts.timeoutMs,
    );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job.input);
  }

  /** Stops every worker; notes still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the server is stopping'));
    await Promise.all([...this.idle.splice(0), ...this.busy].map((w) => w.terminate()));
  }
}
