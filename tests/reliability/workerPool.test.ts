/**
 * The worker pool of the calculations and the notes (server/workers/pool.ts): visitors served in turn,
 * a share per visitor, a queue, and a waiting job dropped when its caller leaves (issue 26); a visitor
 * not yet served before those already served (their memory outlives their jobs), a newcomer never met
 * by a full queue while another holds more places, and the cheaper job first (issue 35, item 2).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { loadConfig } from '../../server/config';
import { JobLeases } from '../../server/quota/leases';
import { Cancelled, PoolBusy, VisitorBusy, WorkerPool, type PoolOptions } from '../../server/workers/pool';
import { DIALECTS, freshPlace } from '../server/harness';

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
    // The queue is full, but A holds two places: C takes A's waiting one; then each holds one, and D is refused.
    const c = pool.run({ tag: 'C1', ms: 10 }, { visitor: 'c' });
    await expect(second).rejects.toBeInstanceOf(PoolBusy);
    await expect(pool.run({ tag: 'D1', ms: 10 }, { visitor: 'd' })).rejects.toBeInstanceOf(PoolBusy);
    leaving.abort();
    await expect(left).rejects.toBeInstanceOf(Cancelled);
    expect(pool.stats).toEqual({ running: 1, queued: 1 });
    // Its place is free again.
    const third = pool.run({ tag: 'D1', ms: 10 }, { visitor: 'd' });
    expect(await Promise.all([first, c, third])).toEqual(['A1', 'C1', 'D1']);
  });

  // the routes ask it before reading and checking a project again (a note, a workbook)
  it('refuses a visitor early, before its job is prepared, while its share is in flight', async () => {
    pool = new WorkerPool(options({ size: 1, queue: 2, perVisitor: 2 }));
    pool.refuseEarly('a');
    const first = pool.run({ tag: 'A1', ms: 200 }, { visitor: 'a' });
    pool.refuseEarly('a');
    const second = pool.run({ tag: 'A2', ms: 10 }, { visitor: 'a' });
    expect(() => pool!.refuseEarly('a')).toThrow(VisitorBusy);
    pool.refuseEarly('b');
    expect(await Promise.all([first, second])).toEqual(['A1', 'A2']);
    pool.refuseEarly('a');
  });

  it('serves a newcomer before visitors already served, though they ask again the moment they are answered', async () => {
    pool = new WorkerPool(options({ size: 1, queue: 3, perVisitor: 1 }));
    const done: string[] = [];
    const answered = new Map<string, number>();
    let stop = false;
    // Four visitors each keep one job in flight, asking again the moment they are answered or refused:
    // the worker and the queue (4 places) are always full.
    const keepAsking = async (visitor: string) => {
      for (let k = 0; !stop; k += 1) {
        const tag = `${visitor}${k}`;
        await pool!.run({ tag, ms: 40 }, { visitor }).then(
          (t) => {
            done.push(t);
            answered.set(visitor, (answered.get(visitor) ?? 0) + 1);
          },
          () => new Promise((r) => setTimeout(r, 5)),
        );
      }
    };
    const loops = ['a', 'b', 'c', 'd'].map(keepAsking);
    const served = () => ['a', 'b', 'c', 'd'].every((v) => (answered.get(v) ?? 0) >= 2);
    while (!served()) await new Promise((r) => setTimeout(r, 10));
    expect(pool.stats).toEqual({ running: 1, queued: 3 });
    const before = done.length;
    const mine = await pool.run({ tag: 'NEW', ms: 1 }, { visitor: 'newcomer' });
    const after = done.indexOf('NEW');
    stop = true;
    await Promise.all(loops);
    expect(mine).toBe('NEW');
    // The job running when it asked is finished first; the newcomer's is the next to start.
    expect(after - before).toBeLessThanOrEqual(1);
  });

  it('lets a newcomer in a full queue by refusing the last waiting job of the visitor holding the most places', async () => {
    pool = new WorkerPool(options({ size: 1, queue: 2, perVisitor: 3 }));
    const a1 = pool.run({ tag: 'A1', ms: 200 }, { visitor: 'a' });
    const a2 = pool.run({ tag: 'A2', ms: 10 }, { visitor: 'a' });
    const a3 = pool.run({ tag: 'A3', ms: 10 }, { visitor: 'a' });
    const b1 = pool.run({ tag: 'B1', ms: 10 }, { visitor: 'b' });
    const refused = await a3.catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PoolBusy);
    expect((refused as PoolBusy).retryAfter).toBeGreaterThanOrEqual(1);
    // a still holds two places: a third visitor takes its waiting one.
    const c1 = pool.run({ tag: 'C1', ms: 10 }, { visitor: 'c' });
    await expect(a2).rejects.toBeInstanceOf(PoolBusy);
    // Now each holds one place: the queue is full for a fourth.
    await expect(pool.run({ tag: 'D1', ms: 10 }, { visitor: 'd' })).rejects.toBeInstanceOf(PoolBusy);
    expect(await Promise.all([a1, b1, c1])).toEqual(['A1', 'B1', 'C1']);
  });

  it('starts the cheaper of two newcomers first', async () => {
    pool = new WorkerPool(options({ size: 1 }));
    const done: string[] = [];
    const run = (tag: string, visitor: string, cost: number) =>
      pool!.run({ tag, ms: 50 }, { visitor, cost }).then((t) => done.push(t));
    await Promise.all([run('X', 'x', 1), run('BIG', 'b', 200), run('SMALL', 's', 1)]);
    expect(done).toEqual(['X', 'SMALL', 'BIG']);
  });
});

describe.each(DIALECTS)('WorkerPools sharing a database (%s)', (dialect) => {
  it("hold a visitor's share together, as two copies of the server do, and forget a stopped one's leases", async () => {
    const place = await freshPlace(dialect);
    const { db, dialect: d } = openDatabase(loadConfig(place.env));
    await migrate(db, d);
    const leases = [new JobLeases(db, d), new JobLeases(db, d)];
    const pools = leases.map(
      (l) =>
        new WorkerPool<{ tag: string; ms: number }, string>(
          options({ perVisitor: 2, shared: l.share('echo') }),
        ),
    );
    try {
      const [one, two] = pools as [
        WorkerPool<{ tag: string; ms: number }, string>,
        WorkerPool<{ tag: string; ms: number }, string>,
      ];
      // Three at once over both: two run, the third meets the share wherever it arrives.
      const asks = await Promise.allSettled([
        one.run({ tag: 'A1', ms: 300 }, { visitor: 'a' }),
        two.run({ tag: 'A2', ms: 300 }, { visitor: 'a' }),
        one.run({ tag: 'A3', ms: 300 }, { visitor: 'a' }),
      ]);
      expect(asks.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      const refused = asks.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused.map((r) => r.reason)).toEqual([expect.any(VisitorBusy)]);
      // Every lease was given back before its job's answer; a lapsed one (its server stopped) does not count.
      expect(await db.selectFrom('job_leases').select('id').execute()).toEqual([]);
      const past = new Date(Date.now() - 1000).toISOString();
      await db
        .insertInto('job_leases')
        .values([1, 2].map((i) => ({ id: `gone-${i}`, key: 'echo|a', server: 'stopped', until: past })))
        .execute();
      expect(
        await Promise.all([
          one.run({ tag: 'B1', ms: 10 }, { visitor: 'a' }),
          two.run({ tag: 'B2', ms: 10 }, { visitor: 'a' }),
        ]),
      ).toEqual(['B1', 'B2']);
    } finally {
      for (const p of pools) await p.close();
      for (const l of leases) await l.close();
      await db.destroy();
      await place.drop();
    }
  });
});
