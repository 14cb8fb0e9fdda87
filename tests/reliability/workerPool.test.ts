import { join } from 'node:path';
/**
 * The worker pool of the calculations and the notes (server/workers/pool.ts): visitors served in turn,
 * a share per visitor, a queue, and a waiting job dropped when its caller leaves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Cancelled, PoolBusy, VisitorBusy, WorkerPool, type PoolOptions } from '../../server/workers/pool';

const echo = join(import.meta.dirname, 'support/echoWorker.ts');
const options = (o: Partial<PoolOptions>): PoolOptions => ({
  module: echo,
  size: 1,
  queue: 10,
  perVisitor: 10,
  timeoutMs: 30_000,
  memoryMb: 64,
  expectedMs: 100,
  ...o,
});

describe('WorkerPool', () => {
  let pool: WorkerPool<{ tag: string; ms: number }, string> | undefined;
  afterEach(async () => pool?.close());

  it('serves a visitor with nothing running before one who has a job running', async () => {
    pool = new WorkerPool(options({ size: 1 }));
    const done: string[] = [];
    const run = (tag: string, visitor: string, ms = 150) =>
      pool!.run({ tag, ms }, { visitor }).then((t) => done.push(t));
    const all = [run('A1', 'a'), run('A2', 'a'), run('A3', 'a'), run('B1', 'b'), run('C1', 'c')];
    await Promise.all(all);
    // A asked first and three times; B and C are served as soon as A's first is done.
    expect(done).toEqual(['A1', 'B1', 'C1', 'A2', 'A3']);
  });

  it('refuses past the share of a visitor (429) and past the queue (503), and drops a job whose caller left', async () => {
    pool = new WorkerPool(options({ size: 1, queue: 2, perVisitor: 2 }));
    const first = pool.run({ tag: 'A1', ms: 300 }, { visitor: 'a' });
    const second = pool.run({ tag: 'A2', ms: 10 }, { visitor: 'a' });
    await expect(pool.run({ tag: 'A3', ms: 10 }, { visitor: 'a' })).rejects.toBeInstanceOf(VisitorBusy);
    const leaving = new AbortController();
    const left = pool.run({ tag: 'B1', ms: 10 }, { visitor: 'b', signal: leaving.signal });
    await expect(pool.run({ tag: 'C1', ms: 10 }, { visitor: 'c' })).rejects.toBeInstanceOf(PoolBusy);
    leaving.abort();
    await expect(left).rejects.toBeInstanceOf(Cancelled);
    expect(pool.stats).toEqual({ running: 1, queued: 1 });
    // Its place is free again.
    const third = pool.run({ tag: 'C1', ms: 10 }, { visitor: 'c' });
    expect(await Promise.all([first, second, third])).toEqual(['A1', 'A2', 'C1']);
  });
});
