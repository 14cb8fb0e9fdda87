/** A job waiting its turn: whose it is, what it costs, and its tags (set by Turns.add). */
export interface Turn {
  visitor: string;
  /** what the job costs, in the caller's unit (the bytes it reads, in KB): at least 1 */
  cost: number;
  /** the virtual time its visitor's share reaches it, and that plus its cost */
  start: number;
  finish: number;
  /** the order it arrived in */
  seq: number;
}

/** What is remembered of a visitor: its last finish tag, whether it was served, when its last job started. */
interface Memory {
  finish: number;
  served: boolean;
  started?: number;
}

/** Visitors remembered while the service stays busy; past this, the oldest without a job are forgotten. */
const REMEMBERED = 10_000;

/**
 * Whose job goes next, and whose place a newcomer takes when the queue is full (issue 35, item 2).
 * Start-time fair queueing by cost (Goyal et al., 1996): each visitor's jobs are tagged on a virtual clock
 * as if each visitor had an equal share of the workers, a job's tag running on from its visitor's
 * previous job by its cost; and a visitor not yet served outranks every visitor already served.
 * - next: the waiting job of the visitor with the fewest jobs running, then one not yet served before one
 *   already served, then the smallest finish tag (the cheaper job, or the visitor that has had least),
 *   then the first to arrive. So a newcomer's job starts at the next free worker unless other newcomers
 *   wait, and among those the cheapest goes first: a 1-roof note is not kept behind a 200-roof one.
 * - displace: a full queue takes a newcomer in place of the last waiting job of the visitor that holds
 *   the most places (running and waiting), when that visitor holds more than the newcomer would, or as
 *   many but has been served and the newcomer not, or as many, served alike, and its job's finish tag is
 *   larger than the newcomer's would be, or the same tag but its visitor's last job started after the
 *   newcomer's last did: the queue is never full for a visitor not yet served while another holds a place
 *   in it, nor for anyone while another holds more places than it, has had more, or was served since.
 * A visitor is remembered (its last tag, whether it was served) after its jobs are done, so that asking
 * again at once does not make it new; memory ends when the pool is idle, or for the oldest of more than
 * REMEMBERED visitors.
 */
export class Turns<T extends Turn> {
  /** waiting jobs per visitor, in order */
  private readonly lanes = new Map<string, T[]>();
  /** places (jobs running or waiting) per visitor */
  private readonly held = new Map<string, number>();
  private readonly memory = new Map<string, Memory>();
  /** the virtual clock: the start tag of the last job started */
  private clock = 0;
  private arrivals = 0;
  /** jobs started in this busy spell: a visitor's memory keeps the count its last job started at */
  private starts = 0;
  /** jobs waiting, all visitors together */
  waiting = 0;

  /** Places a visitor holds: its jobs running and waiting. */
  placesOf(visitor: string): number {
    return this.held.get(visitor) ?? 0;
  }

  /** Jobs of a visitor waiting for a worker. */
  waitingOf(visitor: string): number {
    return this.lanes.get(visitor)?.length ?? 0;
  }

  private served(visitor: string): number {
    return this.memory.get(visitor)?.served ? 1 : 0;
  }

  /** When a visitor's last job started (the spell's count of starts then), 0 for one not yet served. */
  private lastStarted(visitor: string): number {
    return this.memory.get(visitor)?.started ?? 0;
  }

  /**
   * The waiting job a newcomer of `visitor` would take the place of when the queue is full (see the
   * class), or undefined when the queue is full for it.
   */
  displaceable(visitor: string, cost = 1): T | undefined {
    let worst: T | undefined;
    let rank: number[] = [];
    for (const [who, lane] of this.lanes) {
      const last = lane[lane.length - 1]!;
      const r = [this.placesOf(who), this.served(who), last.finish, this.lastStarted(who), last.seq];
      if (!worst || before(rank, r)) [worst, rank] = [last, r];
    }
    if (!worst) return undefined;
    // Between visitors holding as many places and served alike, the one whose share has had less (the
    // smaller finish tag its job would take, as add gives it) takes the place: else a visitor served
    // once in a busy spell found the queue full for good while a few addresses kept it full. Tags tie
    // when every job costs as much (the rain reader's): then the one served longer ago takes the place,
    // else six addresses asking again at once kept an upload of every third or fourth refused (attack13,
    // tests/server/turns.test.ts).
    const finish = Math.max(this.clock, this.memory.get(visitor)?.finish ?? 0) + Math.max(1, cost);
    const mine = [this.placesOf(visitor) + 1, this.served(visitor), finish, this.lastStarted(visitor)];
    return before(mine, rank.slice(0, 4)) ? worst : undefined;
  }

  /** Queues a job: tags it and holds its place. */
  add(job: T): void {
    const { visitor } = job;
    const memory = this.memory.get(visitor);
    job.start = Math.max(this.clock, memory?.finish ?? 0);
    job.finish = job.start + job.cost;
    job.seq = this.arrivals += 1;
    this.remember(visitor, { ...memory, finish: job.finish, served: memory?.served ?? false });
    const lane = this.lanes.get(visitor);
    if (lane) lane.push(job);
    else this.lanes.set(visitor, [job]);
    this.held.set(visitor, this.placesOf(visitor) + 1);
    this.waiting += 1;
  }

  /**
   * Takes a waiting job out of the queue (its caller left, or a newcomer took its place): false when it
   * no longer waits. The last job of a visitor gives its tag back.
   */
  remove(job: T): boolean {
    const lane = this.lanes.get(job.visitor);
    const i = lane?.indexOf(job) ?? -1;
    if (!lane || i < 0) return false;
    lane.splice(i, 1);
    if (!lane.length) this.lanes.delete(job.visitor);
    this.waiting -= 1;
    const memory = this.memory.get(job.visitor);
    if (memory && memory.finish === job.finish) memory.finish = job.start;
    this.release(job.visitor);
    return true;
  }

  /** The next job in turn (see the class), out of the queue and counted as running; undefined when none. */
  next(): T | undefined {
    let pick: T[] | undefined;
    let rank: number[] = [];
    for (const [who, lane] of this.lanes) {
      const head = lane[0]!;
      const r = [this.placesOf(who) - lane.length, this.served(who), head.finish, head.seq];
      if (!pick || before(r, rank)) [pick, rank] = [lane, r];
    }
    const job = pick?.shift();
    if (!pick || !job) return undefined;
    if (!pick.length) this.lanes.delete(job.visitor);
    this.waiting -= 1;
    this.clock = Math.max(this.clock, job.start);
    this.remember(job.visitor, {
      finish: this.memory.get(job.visitor)?.finish ?? job.finish,
      served: true,
      started: (this.starts += 1),
    });
    return job;
  }

  /** A visitor's job is over (answered, failed or stopped): its place is free. */
  release(visitor: string): void {
    const n = this.placesOf(visitor) - 1;
    if (n > 0) this.held.set(visitor, n);
    else this.held.delete(visitor);
    // The pool is idle: a new busy spell starts with everyone new.
    if (this.held.size === 0) {
      this.memory.clear();
      this.clock = 0;
      this.starts = 0;
    }
  }

  /** Forgets every waiting job (the pool is closing) and answers them. */
  drain(): T[] {
    const jobs = [...this.lanes.values()].flat();
    this.lanes.clear();
    this.waiting = 0;
    return jobs;
  }

  private remember(visitor: string, tag: Memory): void {
    this.memory.delete(visitor);
    this.memory.set(visitor, tag);
    if (this.memory.size <= REMEMBERED) return;
    for (const who of this.memory.keys()) {
      if (this.memory.size <= REMEMBERED) break;
      if (!this.held.has(who)) this.memory.delete(who);
    }
  }
}

/** Whether rank `a` comes before rank `b` (compared element by element). */
function before(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
