import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { derive, submit, toServer } from '../../engine';
import { calculationOf, type Reason } from '../calc';
import { costOfBytes, WorkerPool, type JobOptions, type SharedShare } from '../workers/pool';
import { seriesIdIn, type StoredSeries } from '../rain/store';
import { LruCache } from './lruCache';
import { canonicalJson } from './projectText';
import { bundleOfProduct, products, type ProductType } from './products';

/**
 * What a calculation worker is sent: the product, the steps as canonical JSON text, the sensitivity, and
 * the measured rain series the steps name (stored, gzipped), if any.
 */
export interface CalculationInput {
  type: ProductType;
  content: string;
  stress: boolean;
  measured?: StoredSeries;
  /** write this file of the calculated results instead of calculating (an export, below) */
  export?: ExportJob;
}

/**
 * A calculated project's export (GET /api/{type}/export/{format}/{id}): its results as the calculation
 * answered them and what the file names. Written on a worker too: a 100-year daily series makes a SWMM
 * model of about 1.8 MB, some 100 ms of a thread, which a few visitors asking in a loop would otherwise
 * take from every request the server answers.
 */
export interface ExportJob {
  format: string;
  locale: string;
  id: string;
  name: string;
  number: number | null;
  /** the results, JSON */
  results: string;
}

/** What it answers: the results as JSON text, or why the project cannot be calculated. */
export type CalculationAnswer = { ok: true; text: string } | { ok: false; reasons: Reason[] };

/** A calculation's outcome: the results (as JSON text too, to store and send as they are) or the reasons. */
export type Calculated =
  { ok: true; results: Record<string, unknown>; text: string } | { ok: false; reasons: Reason[] };

export interface CalculationsOptions {
  workers: number;
  queue: number;
  perVisitor: number;
  cacheMb: number;
  /** each visitor's calculations counted by every copy of the server too (quota/leases.ts) */
  shared?: SharedShare;
  /** the stored measured rain series of an id (server/rain/store.ts); none: projects cannot name one */
  series?: (id: string) => Promise<StoredSeries | undefined>;
  /** whether an owner holds the series of an id (uploaded it): another's is calculated as missing */
  holds?: (id: string, owner: string) => Promise<boolean>;
  /** a calculation's time budget on its worker (ms) */
  timeoutMs: number;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** What the results of a product depend on beside the answers: its bundle and its calculation's method. */
const versions = new Map<ProductType, string>();
function versionOf(type: ProductType): string {
  let v = versions.get(type);
  if (v === undefined) {
    const bundle = bundleOfProduct(type);
    v = sha256(JSON.stringify([bundle, calculationOf(bundle).method]));
    versions.set(type, v);
  }
  return v;
}

/**
 * The calculations behind the calculate and preview routes, off the server's thread and never twice:
 * - run on a pool of worker threads (workers/pool.ts): a queue, 503 past it, a cap per visitor (429);
 * - remembered by content: the calculation is deterministic, so its outcome is kept under a hash of the
 *   bundle and method versions, the sensitivity flag and the canonical JSON of the steps, in a cache of
 *   `cacheMb` (least recently used dropped first). In memory, not in the database: an outcome is cheap
 *   to make again after a restart, and a process never holds outcomes of code other than its own;
 * - asked once: the same content asked again while it is computed waits for the same job (whoever asks),
 *   and only when every asker has gone away is a job still waiting dropped.
 */
export class Calculations {
  private readonly pool: WorkerPool<CalculationInput, CalculationAnswer>;
  private readonly cache: LruCache<Calculated>;
  private readonly pending = new Map<
    string,
    { promise: Promise<Calculated>; askers: number; abort: AbortController }
  >();

  private readonly series: CalculationsOptions['series'];
  private readonly holds: CalculationsOptions['holds'];

  constructor(opts: CalculationsOptions) {
    this.series = opts.series;
    this.holds = opts.holds;
    this.pool = new WorkerPool({
      module: join(import.meta.dirname, 'calculateWorker.ts'),
      size: opts.workers,
      queue: opts.queue,
      perVisitor: opts.perVisitor,
      timeoutMs: opts.timeoutMs,
      memoryMb: 512,
      expectedMs: 1000,
      ...(opts.shared ? { shared: opts.shared } : {}),
    });
    this.cache = new LruCache(opts.cacheMb * 1024 * 1024);
  }

  /** Calculations running and waiting now, and the outcomes the cache holds (entries and bytes). */
  get stats(): { running: number; queued: number; cached: number; cachedBytes: number } {
    return { ...this.pool.stats, cached: this.cache.size, cachedBytes: this.cache.bytes };
  }

  /** The calculations pool itself: each visitor's jobs in flight and waiting, the jobs started. */
  get turns(): Pick<
    WorkerPool<CalculationInput, CalculationAnswer>,
    'inFlightOf' | 'waitingOf' | 'started' | 'onStart'
  > {
    return this.pool;
  }

  /**
   * Starts a worker ahead of the first calculation and has it calculate each calculator's example project
   * (`fixtures/base/valid.json` of its folder, stored as a Submit stores it, with the sensitivity runs): a
   * worker's first calculation runs its code before V8 has compiled it and generates its station's
   * 100-year series, some 0.5 s at a load of 9 on 2 cores against 10-40 ms for the next ones; the first
   * visitor's calculation would pay it. Answers each example's product and whether it calculated.
   * Products without an example are skipped; a failed example is reported, never thrown (the server
   * starts regardless). `examples: false` starts the worker only (the code before; npm run bench:first);
   * `products`: those the deployment's mode serves (a client-mode server warmed smca's too, unasked).
   */
  async warm(
    opts: { examples?: boolean; products?: readonly ProductType[] } = {},
  ): Promise<{ type: ProductType; ok: boolean }[]> {
    this.pool.warm();
    if (opts.examples === false) return [];
    const served = [...products()].filter(([type]) => !opts.products || opts.products.includes(type));
    const examples = served.flatMap(([type, p]): { type: ProductType; content: string | null }[] => {
      const file = join(p.dir, 'fixtures', 'base', 'valid.json');
      if (!existsSync(file)) return [];
      try {
        const state = derive(p.bundle, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
        const { steps } = toServer(p.bundle, state.data, submit(state).statuses);
        return [{ type, content: canonicalJson(steps) }];
      } catch {
        return [{ type, content: null }];
      }
    });
    const done: { type: ProductType; ok: boolean }[] = [];
    for (const e of examples) {
      // One after the other (a visitor arriving meanwhile waits for one example at most), on the pool
      // like a visitor's calculation but not remembered: a project equal to an example is calculated
      // when asked, like any other.
      const ok =
        e.content !== null &&
        (await this.pool.run({ type: e.type, content: e.content, stress: true }).then(
          (c) => c.ok,
          () => false,
        ));
      done.push({ type: e.type, ok });
    }
    return done;
  }

  /**
   * The outcome of the steps (`content`: their canonical JSON, as stored) for a product; `stress: false`
   * leaves the climate-stress sensitivity out (the live preview); `owner`: whose answers they are (a
   * measured series it does not hold is calculated as missing; null or absent: an admin's, or an issued
   * note's, any series). Rejects as WorkerPool.run does when the outcome must be computed and cannot be now.
   */
  async run(
    type: ProductType,
    content: string,
    opts: { stress: boolean; owner?: string | null },
    job: JobOptions = {},
  ): Promise<Calculated> {
    const unheld = await this.unheld(content, opts.owner);
    const key = sha256(
      `${type}\n${versionOf(type)}\n${opts.stress ? 1 : 0}\n${unheld ? 'unheld\n' : ''}${content}`,
    );
    const hit = this.cache.get(key);
    if (hit) return hit;
    let entry = this.pending.get(key);
    // A job every asker left is being dropped: a new asker starts another.
    if (!entry || entry.abort.signal.aborted) {
      const abort = new AbortController();
      const promise = this.measuredOf(content, unheld)
        .then((measured) =>
          this.pool.run(
            { type, content, stress: opts.stress, ...(measured ? { measured } : {}) },
            {
              ...(job.visitor === undefined ? {} : { visitor: job.visitor }),
              // what the worker reads: the answers, and a measured series (gzipped: some ten times more)
              cost: costOfBytes(content.length + 10 * (measured?.data.byteLength ?? 0)),
              signal: abort.signal,
            },
          ),
        )
        .then((answer) => {
          const calculated: Calculated = answer.ok
            ? { ok: true, results: JSON.parse(answer.text) as Record<string, unknown>, text: answer.text }
            : answer;
          this.cache.set(key, calculated, answer.ok ? answer.text.length * 3 : 4096);
          return calculated;
        })
        .finally(() => {
          if (this.pending.get(key) === created) this.pending.delete(key);
        });
      const created = { promise, askers: 0, abort };
      entry = created;
      this.pending.set(key, created);
    }
    const mine = entry;
    mine.askers += 1;
    const signal = job.signal;
    const leave = () => {
      mine.askers -= 1;
      if (mine.askers === 0) mine.abort.abort();
    };
    signal?.addEventListener('abort', leave, { once: true });
    try {
      return await mine.promise;
    } finally {
      signal?.removeEventListener('abort', leave);
    }
  }

  /**
   * The text of a calculated project's export file, written on the pool as calculations are (the same
   * turns, caps and queue; rejects as WorkerPool.run does). Not remembered: the calculation under it is.
   */
  async exportFile(
    type: ProductType,
    content: string,
    file: ExportJob,
    job: JobOptions = {},
    owner: string | null = null,
  ): Promise<string> {
    const measured = await this.measuredOf(content, await this.unheld(content, owner));
    const answer = await this.pool.run(
      { type, content, stress: false, export: file, ...(measured ? { measured } : {}) },
      {
        ...(job.visitor === undefined ? {} : { visitor: job.visitor }),
        cost: costOfBytes(content.length + file.results.length + 10 * (measured?.data.byteLength ?? 0)),
        ...(job.signal ? { signal: job.signal } : {}),
      },
    );
    if (!answer.ok) throw new Error(`the ${file.format} export answered reasons`);
    return answer.text;
  }

  /**
   * The measured series the steps name, as stored (the content is its identity: the cache key holds
   * it); undefined when they name none or it is not stored (the calculation then says so).
   */
  async measuredOf(content: string, unheld = false): Promise<StoredSeries | undefined> {
    const id = this.series && !unheld ? seriesIdIn(content) : null;
    return id === null ? undefined : this.series?.(id);
  }

  /** Whether the steps name a measured series their owner does not hold (none: an admin's, any). */
  private async unheld(content: string, owner: string | null | undefined): Promise<boolean> {
    if (owner === null || owner === undefined || !this.holds) return false;
    const id = seriesIdIn(content);
    return id !== null && !(await this.holds(id, owner));
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
