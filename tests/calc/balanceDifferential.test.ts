import { describe, expect, it } from 'vitest';
import { runBalance, topologicalOrder, type Surface } from '../../server/calc/abattement/balance';
import { mulberry32 } from '../../server/calc/abattement/random';
import { balanceAt, compareOutputs } from './balanceNetwork';
import { forwardTracing, referenceBalance } from './balanceReference';

// The fast balance (dry spells skipped, each store split into its own part and a pool of upstream water,
// the sewer traced backward through the pools' records) against the plain day-by-day version on random
// networks: roofs and grounds spilling into each other in any order, empty and large stores, grounds
// that do not infiltrate, stores that ET empties in a day, with and without a target, at stations with
// and without snow.

function randomNetwork(rand: () => number): Surface[] {
  const roofs = 1 + Math.floor(rand() * 9);
  const grounds = Math.floor(rand() * 4);
  const n = roofs + grounds;
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const surfaces: Surface[] = Array.from({ length: n }, (_, i) => {
    const roof = i < roofs;
    return {
      name: `${roof ? 'Roof' : 'Ground'} ${i}`,
      roof,
      area: Math.round(10 + rand() * 2000),
      capacity: pick([0, 0.5, 2, 6 + rand() * 40, 150]),
      kc: pick([0.3, 0.7, 1, 3]),
      infiltration: roof ? 0 : pick([0, 2, 5, 50]),
      to: -1,
    };
  });
  // Each surface spills onto one placed after it in a random order (or to the sewer): never a loop.
  const rank = surfaces.map((_, i) => i).sort(() => rand() - 0.5);
  rank.forEach((i, k) => {
    if (k + 1 < n && rand() < 0.7) surfaces[i]!.to = rank[k + 1 + Math.floor(rand() * (n - k - 1))]!;
  });
  return surfaces;
}

describe('the fast water balance', () => {
  for (const station of ['paris', 'toronto', 'marseille']) {
    it(`gives the day-by-day figures on 40 random networks at ${station}`, () => {
      const { series, petDaily } = balanceAt(station, 15, null);
      const rand = mulberry32(station.length * 7919);
      const errors: string[] = [];
      for (let t = 0; t < 40; t += 1) {
        const surfaces = randomNetwork(rand);
        const o = topologicalOrder(surfaces);
        if (!('order' in o)) throw new Error('a random network has a loop');
        const target = rand() < 0.3 ? null : Math.floor(rand() * 20);
        // the verdict's margin: the days judged on a target raised by 10 % too
        const stricter = target === null ? null : target * 1.1;
        const fast = runBalance(surfaces, o.order, series, petDaily, target, 3, 1, {
          free: true,
          ...(stricter === null ? {} : { stricter }),
        });
        const slow = referenceBalance(surfaces, o.order, series, petDaily, target, 3, 1, stricter);
        compareOutputs(fast, slow, `${station}#${t}`, errors);
      }
      expect(errors.slice(0, 5)).toEqual([]);
    });
  }

  for (const station of ['paris', 'toronto']) {
    it(`traces to the sewer what a forward tracing of every origin finds, on 20 random networks at ${station}`, () => {
      // The backward tracing (one share per pool and day) against pools that carry every origin.
      const { series, petDaily } = balanceAt(station, 10, null);
      const rand = mulberry32(station.length * 104729);
      const errors: string[] = [];
      for (let t = 0; t < 20; t += 1) {
        const surfaces = randomNetwork(rand);
        const o = topologicalOrder(surfaces) as { order: number[] };
        const fast = runBalance(surfaces, o.order, series, petDaily, null, 3, 1);
        const forward = forwardTracing(surfaces, o.order, series, petDaily, 3);
        const traced = fast.roofMonthSewer.map((m) => m.reduce((x, y) => x + y, 0));
        compareOutputs(traced, forward, `${station}#${t}`, errors);
      }
      expect(errors.slice(0, 5)).toEqual([]);
    });
  }

  it('is not a copy of the day-by-day version: a change to a spill shows', () => {
    // The comparison can fail: moving one roof's spill from the sewer to a ground changes the figures.
    const { series, petDaily } = balanceAt('paris', 15, null);
    const surfaces = randomNetwork(mulberry32(3));
    const o = topologicalOrder(surfaces) as { order: number[] };
    const fast = runBalance(surfaces, o.order, series, petDaily, 8, 3, 1);
    const moved = surfaces.map((s) => ({ ...s, to: -1 }));
    const slow = referenceBalance(
      moved,
      moved.map((_, i) => i),
      series,
      petDaily,
      8,
      3,
      1,
    );
    const errors: string[] = [];
    compareOutputs(fast, slow, 'moved', errors);
    expect(surfaces.some((s) => s.to >= 0)).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });
});
