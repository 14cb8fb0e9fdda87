import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Turns, type Turn } from './turns';

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
  /**
   * each visitor's jobs counted beside this pool's, by every copy of the server (quota/leases.ts): the
   * `perVisitor` share then holds across copies sharing the database
   */
  shared?: SharedShare;
}

/** A count of each visitor's jobs in flight kept outside this process (the database). */
export interface SharedShare {
  /** a lease on one more job of `visitor`, or null when it already has `max` in flight anywhere */
  take(visitor: string, max: number): Promise<string | null>;
  /** gives a lease back (its job is over) */
  give(lease: string): Promise<void>;
}

/** A job's cost in the pools' unit: the kilobytes it reads (1 at least). */
export function costOfBytes(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / 1024));
}

/** Who asks (the client's address, http/visitor.ts), what the job costs, whether it still waits for it. */
export interface JobOptions {
  visitor?: string;
  /** what the job costs, in the pool's unit (the kilobytes it reads): the cheaper waits less (default 1) */
  cost?: number;
  /** aborted when the caller no longer wants the answer: a job still waiting is dropped */
  signal?: AbortSignal;
}

interface Job<In, Out> extends Turn {
  input: In;
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
 * a fresh one takes its place). Visitors are served in turn (turns.ts): each has at most `perVisitor`
 * jobs in flight; a free worker takes the job of the visitor with the fewest running, one not yet served
 * before one already served, then the cheaper by its visitor's share; and a full queue lets a newcomer
 * in by refusing the last waiting job of a visitor holding more places. So one client asking again and
 * again, or ten at once, never holds the queue nor the workers from another. A waiting job whose caller
 * went away is dropped. Workers start on first use (or warm()) and then stay.
 */
export class WorkerPool<In, Out> {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();
  private readonly turns = new Turns<Job<In, Out>>();
  private closed = false;
  private startedJobs = 0;
  private readonly startListeners = new Set<(visitor: string | undefined, started: number) => void>();
  /** a moving mean of a job's duration, for Retry-After */
  private meanMs: number;

  constructor(private readonly opts: PoolOptions) {
    this.meanMs = opts.expectedMs;
  }

  /** Jobs running now, and waiting for a worker (all visitors together). */
  get stats(): { running: number; queued: number } {
    return { running: this.busy.size, queued: this.turns.waiting };
  }

  /** Jobs of a visitor waiting or running. */
  inFlightOf(visitor: string): number {
    return this.turns.placesOf(visitor);
  }

  /** Jobs of a visitor waiting for a worker. */
  waitingOf(visitor: string): number {
    return this.turns.waitingOf(visitor);
  }

  /** Jobs started since the pool was made (the order of turns can be read from it). */
  get started(): number {
    return this.startedJobs;
  }

  /**
   * Calls `listener` with each job's visitor and its number (the `started` count it made) as the job
   * starts, until the function answered is called: the order of turns as it happens.
   */
  onStart(listener: (visitor: string | undefined, started: number) => void): () => void {
    this.startListeners.add(listener);
    return () => this.startListeners.delete(listener);
  }

  /**
   * Throws the refusal `run` would give `visitor` now in this copy of the server (its share in flight):
   * called before the work of preparing its job (reading and checking a project), so that a visitor
   * asking again and again while its job runs costs the server a lookup.
   */
  refuseEarly(visitor: string): void {
    const refused = this.refusal(visitor, {});
    if (refused) throw refused;
    // the queue full for it (admit's own test, which comes once the job is prepared): refused before
    // its project is read and checked, so that visitors asking again and again cost a lookup
    const free = this.idle.length > 0 || this.busy.size + this.idle.length < this.opts.size;
    if (!free && this.turns.waiting >= this.opts.queue && !this.turns.displaceable(visitor))
      throw new PoolBusy(this.wait());
  }

  /** Starts one worker ahead of the first job (server start), so that it does not wait for the boot. */
  warm(): void {
    if (!this.closed && this.idle.length + this.busy.size === 0) this.idle.push(this.spawn());
  }

  /** Seconds until the jobs running and waiting now are done, for Retry-After. */
  private wait(): number {
    const ahead = this.turns.waiting + this.busy.size;
    return Math.max(1, Math.ceil((ahead * this.meanMs) / this.opts.size / 1000));
  }

  /**
   * The worker's answer to `input`; rejects with VisitorBusy, PoolBusy (the queue full for this visitor,
   * or its waiting job's place given to a newcomer), Cancelled (aborted while waiting), OverBudget, or
   * the worker's error.
   */
  run(input: In, job: JobOptions = {}): Promise<Out> {
    const { shared, perVisitor } = this.opts;
    const visitor = job.visitor ?? '';
    const refused = this.refusal(visitor, job);
    if (refused || !shared) return refused ? Promise.reject(refused) : this.admit(input, visitor, job);
    // The share counted by every copy of the server, then this copy's queue (which may have filled meanwhile).
    return shared.take(visitor, perVisitor).then((lease) => {
      if (lease === null) throw this.visitorBusy();
      // Given back once the job is over, whatever its outcome, before its answer is (so that the visitor
      // asking again at once finds its share free); a give that fails lapses with its lease.
      return this.admit(input, visitor, job).finally(() => shared.give(lease).catch(() => undefined));
    });
  }

  private visitorBusy(): VisitorBusy {
    return new VisitorBusy(this.opts.perVisitor, Math.max(1, Math.ceil(this.meanMs / 1000)));
  }

  /** Why a job of `visitor` cannot be taken now in this process, before the queue is looked at. */
  private refusal(visitor: string, job: JobOptions): Error | undefined {
    if (this.closed) return new Error('the worker pool is closed');
    if (job.signal?.aborted) return new Cancelled();
    if (this.inFlightOf(visitor) >= this.opts.perVisitor) return this.visitorBusy();
    return undefined;
  }

  /** Queues the job (or refuses it: see run) and answers its outcome. */
  private admit(input: In, visitor: string, job: JobOptions): Promise<Out> {
    const refused = this.refusal(visitor, job);
    if (refused) return Promise.reject(refused);
    const free = this.idle.length > 0 || this.busy.size + this.idle.length < this.opts.size;
    let displaced: Job<In, Out> | undefined;
    if (!free && this.turns.waiting >= this.opts.queue) {
      displaced = this.turns.displaceable(visitor, job.cost ?? 1);
      if (!displaced) return Promise.reject(new PoolBusy(this.wait()));
    }
    return new Promise<Out>((resolve, reject) => {
      const entry: Job<In, Out> = {
        input,
        visitor,
        cost: Math.max(1, job.cost ?? 1),
        start: 0,
        finish: 0,
        seq: 0,
        resolve,
        reject,
        release: () => undefined,
      };
      const signal = job.signal;
      if (signal) {
        const onAbort = () => this.drop(entry, new Cancelled());
        signal.addEventListener('abort', onAbort, { once: true });
        entry.release = () => signal.removeEventListener('abort', onAbort);
      }
      if (displaced) this.drop(displaced, new PoolBusy(this.wait()));
      this.turns.add(entry);
      this.pump();
    });
  }

  /** A waiting job taken out of the queue, never run: its caller left, or a newcomer took its place. */
  private drop(job: Job<In, Out>, why: Error): void {
    if (!this.turns.remove(job)) return; // already running: its answer is simply not read
    job.release();
    job.reject(why);
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
    while (this.turns.waiting > 0) {
      let worker = this.idle.pop();
      if (!worker) {
        if (this.busy.size >= this.opts.size) return;
        worker = this.spawn();
      }
      const job = this.turns.next();
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
    this.startedJobs += 1;
    for (const listener of this.startListeners) listener(job.visitor, this.startedJobs);
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
      this.turns.release(job.visitor);
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
    for (const job of this.turns.drain()) {
      job.release();
      job.reject(new Error('the server is stopping'));
    }
    await Promise.all([...this.idle.splice(0), ...this.busy].map((w) => w.terminate()));
  }
}
