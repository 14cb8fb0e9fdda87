import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Every worker is busy and the queue is full: answer 503 and come back after `retryAfter` seconds. */
export class PoolBusy extends Error {
  constructor(readonly retryAfter: number) {
    super('Every worker is busy');
    this.name = 'PoolBusy';
  }
}

/** The visitor already has `limit` jobs in flight (waiting or running): answer 429, back after `retryAfter` s. */
export class VisitorBusy extends Error {
  constructor(
    readonly limit: number,
    readonly retryAfter: number,
  ) {
    super(`At most ${limit} at once per visitor`);
    this.name = 'VisitorBusy';
  }
}

/** A job went over its budget (time or memory): its worker was stopped and replaced. */
export class OverBudget extends Error {
  constructor(readonly budget: 'time' | 'memory') {
    super(`The job went over its ${budget} budget`);
    this.name = 'OverBudget';
  }
}

/** The job's caller went away (its request was closed) while the job was still waiting: it never ran. */
export class Cancelled extends Error {
  constructor() {
    super('The job was cancelled before it ran');
    this.name = 'Cancelled';
  }
}

export interface PoolOptions {
  /** the path of the worker's module (TypeScript, loaded through boot.mjs), answering through serveJobs() */
  module: string;
  /** workers running at once */
  size: number;
  /** jobs waiting for a worker at most, all visitors together; one more is refused with PoolBusy */
  queue: number;
  /** jobs in flight (waiting or running) per visitor at most; one more is refused with VisitorBusy */
  perVisitor: number;
  /** a job's time budget */
  timeoutMs: number;
  /** a worker's heap budget */
  memoryMb: number;
  /** a first guess of a job's duration, for Retry-After until jobs have been timed */
  expectedMs: number;
}

/** Who asks (the client's address) and whether it still waits for the answer. */
export interface JobOptions {
  visitor?: string;
  /** aborted when the caller no longer wants the answer: a job still waiting is dropped */
  signal?: AbortSignal;
}

interface Job<In, Out> {
  input: In;
  visitor: string;
  resolve: (out: Out) => void;
  reject: (e: Error) => void;
  /** detaches the abort listener */
  release: () => void;
}

/** What a worker answers for one job (serveJobs.ts). */
export type WorkerAnswer<Out> = { ok: true; value: Out } | { ok: false; error: string };

/**
 * Runs jobs on worker threads, so that long work never stops the server from answering: at most `size`
 * at once, `queue` waiting, each within a time and a heap budget (over it, the worker is terminated and
 * a fresh one takes its place). Visitors are served in turn: each has at most `perVisitor` jobs in
 * flight, and a free worker takes the waiting job of the visitor with the fewest jobs running (the one
 * served least recently among them), so that one client asking again and again never holds the queue
 * nor the workers. A waiting job whose caller went away is dropped.
 * Workers start on first use (or warm()) and then stay.
 */
export class WorkerPool<In, Out> {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();
  /** waiting jobs per visitor */
  private readonly lanes = new Map<string, Job<In, Out>[]>();
  private readonly inFlight = new Map<string, number>();
  /** when each visitor with jobs in flight was last served (a count of jobs started) */
  private readonly servedAt = new Map<string, number>();
  private served = 0;
  private waiting = 0;
  private closed = false;
  /** a moving mean of a job's duration, for Retry-After */
  private meanMs: number;

  constructor(private readonly opts: PoolOptions) {
    this.meanMs = opts.expectedMs;
  }

  /** Jobs running now, and waiting for a worker (all visitors together). */
  get stats(): { running: number; queued: number } {
    return { running: this.busy.size, queued: this.waiting };
  }

  /** Jobs of a visitor waiting or running. */
  inFlightOf(visitor: string): number {
    return this.inFlight.get(visitor) ?? 0;
  }

  /** Starts one worker ahead of the first job (server start), so that it does not wait for the boot. */
  warm(): void {
    if (!this.closed && this.idle.length + this.busy.size === 0) this.idle.push(this.spawn());
  }

  /**
   * The worker's answer to `input`; rejects with VisitorBusy, PoolBusy, Cancelled (aborted while
   * waiting), OverBudget, or the worker's error.
   */
  run(input: In, job: JobOptions = {}): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    if (job.signal?.aborted) return Promise.reject(new Cancelled());
    const visitor = job.visitor ?? '';
    const mine = this.inFlightOf(visitor);
    if (mine >= this.opts.perVisitor)
      return Promise.reject(
        new VisitorBusy(this.opts.perVisitor, Math.max(1, Math.ceil(this.meanMs / 1000))),
      );
    const free = this.idle.length > 0 || this.busy.size + this.idle.length < this.opts.size;
    if (!free && this.waiting >= this.opts.queue) {
      const ahead = this.waiting + this.busy.size;
      return Promise.reject(
        new PoolBusy(Math.max(1, Math.ceil((ahead * this.meanMs) / this.opts.size / 1000))),
      );
    }
    return new Promise<Out>((resolve, reject) => {
      const entry: Job<In, Out> = { input, visitor, resolve, reject, release: () => undefined };
      const signal = job.signal;
      if (signal) {
        const onAbort = () => this.drop(entry);
        signal.addEventListener('abort', onAbort, { once: true });
        entry.release = () => signal.removeEventListener('abort', onAbort);
      }
      this.inFlight.set(visitor, mine + 1);
      const lane = this.lanes.get(visitor);
      if (lane) lane.push(entry);
      else this.lanes.set(visitor, [entry]);
      this.waiting += 1;
      this.pump();
    });
  }

  /** A waiting job whose caller went away: removed from its lane, never run. */
  private drop(job: Job<In, Out>): void {
    const lane = this.lanes.get(job.visitor);
    const i = lane?.indexOf(job) ?? -1;
    if (!lane || i < 0) return; // already running: its answer is simply not read
    lane.splice(i, 1);
    if (!lane.length) this.lanes.delete(job.visitor);
    this.waiting -= 1;
    this.done(job.visitor);
    job.release();
    job.reject(new Cancelled());
  }

  private done(visitor: string): void {
    const n = this.inFlightOf(visitor) - 1;
    if (n > 0) this.inFlight.set(visitor, n);
    else {
      this.inFlight.delete(visitor);
      this.servedAt.delete(visitor);
    }
  }

  /**
   * The next job in turn: the first waiting job of the visitor with the fewest jobs running, and among
   * those the one served least recently (one never served first).
   */
  private next(): Job<In, Out> | undefined {
    let pick: [string, Job<In, Out>[]] | undefined;
    let best = [Infinity, Infinity];
    for (const [visitor, lane] of this.lanes) {
      const rank = [this.inFlightOf(visitor) - lane.length, this.servedAt.get(visitor) ?? -1];
      if (rank[0]! < best[0]! || (rank[0] === best[0] && rank[1]! < best[1]!)) {
        best = rank;
        pick = [visitor, lane];
      }
    }
    if (!pick) return undefined;
    const [visitor, lane] = pick;
    const job = lane.shift()!;
    if (!lane.length) this.lanes.delete(visitor);
    this.servedAt.set(visitor, (this.served += 1));
    this.waiting -= 1;
    return job;
  }

  private spawn(): Worker {
    // Paths, not URLs: a page test's environment (jsdom) has a URL class of its own, which Worker refuses.
    const worker = new Worker(join(import.meta.dirname, 'boot.mjs'), {
      workerData: { module: pathToFileURL(this.opts.module).href },
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.unref(); // an idle worker never keeps the process alive
    // An idle worker that dies is forgotten; the next job starts a new one.
    worker.on('exit', () => {
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
    });
    // A worker that fails while idle (it failed to boot) is forgotten the same way.
    worker.on('error', () => undefined);
    return worker;
  }

  private pump(): void {
    while (this.waiting > 0) {
      let worker = this.idle.pop();
      if (!worker) {
        if (this.busy.size >= this.opts.size) return;
        worker = this.spawn();
      }
      const job = this.next();
      if (!job) {
        this.idle.push(worker);
        return;
      }
      job.release();
      this.start(worker, job);
    }
  }

  private start(worker: Worker, job: Job<In, Out>): void {
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
      this.done(job.visitor);
      if (keep && !this.closed) this.idle.push(worker);
      else void worker.terminate();
      outcome();
      this.pump();
    };
    const onMessage = (m: WorkerAnswer<Out>) => {
      this.meanMs = 0.8 * this.meanMs + 0.2 * (Date.now() - started);
      finish(true, () => (m.ok ? job.resolve(m.value) : job.reject(new Error(m.error))));
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

  /** Stops every worker; jobs still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values())
      for (const job of lane) {
        job.release();
        job.reject(new Error('the server is stopping'));
      }
    this.lanes.clear();
    this.waiting = 0;
    await Promise.all([...this.idle.splice(0), ...this.busy].map((w) => w.terminate()));
  }
}
