import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advance,
  blockRain,
  emptyingSeconds,
  hasWeir,
  headAt,
  limiterReservoir,
  outflowAt,
  reservoirOf,
} from '../../server/calc/flow-limiter/reservoir';
import { orificeConstant, roofUnderRain } from '../../server/calc/flow-limiter/routing';
import { limiterFlow } from '../../server/calc/flow-limiter/orifice';
import { poolOutflow, poolStep, type PoolRoof } from './levelPool';

const asRouted = (r: PoolRoof) => ({
  surface: r.surface,
  drains: r.drains,
  recess: r.recess,
  layer: { thickness: r.layer[0], porosity: r.layer[1] },
});
const RAIN = { a: 15.096, b: 0.803, ca: 1 };
const wide: PoolRoof = { surface: 4050, drains: 4, recess: 20, layer: [40, 0.3] };

describe('the reservoir of a roof behind bottom orifices (SWMM 5.2.4 law)', () => {
  it('has a weir piece exactly when the recess is below the critical head', () => {
    // hc = 0.368 d: 20 mm of recess stand above it for 54 mm, below it for 55 mm
    expect(hasWeir(limiterReservoir(asRouted(wide), 0.054, 0.61, 9.81))).toBe(false);
    expect(hasWeir(limiterReservoir(asRouted(wide), 0.055, 0.61, 9.81))).toBe(true);
  });

  it('lets out what the limiter law gives under its head', () => {
    const res = limiterReservoir(asRouted(wide), 0.091, 0.61, 9.81);
    for (const v of [0, 10, 48.6, 60, 100, 300]) {
      const head = headAt(res, v);
      expect(outflowAt(res, v)).toBeCloseTo(4 * limiterFlow(0.091, head, 0.61, 9.81), 12);
      expect(outflowAt(res, v)).toBeCloseTo(poolOutflow(wide, 0.091, v, Number.POSITIVE_INFINITY), 12);
    }
  });

  it('matches the Runge-Kutta integration of the same reservoir, rising, falling and emptying (differential)', () => {
    fc.assert(
      fc.property(
        fc.record({
          surface: fc.integer({ min: 5, max: 20000 }),
          drains: fc.integer({ min: 1, max: 8 }),
          recess: fc.integer({ min: 0, max: 60 }),
          layer: fc.constantFrom<[number, number]>([0, 1], [25, 0.5], [40, 0.3], [80, 0.3]),
        }),
        fc.integer({ min: 10, max: 100 }),
        fc.double({ min: 0, max: 80, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.integer({ min: 60, max: 20000 }),
        (roof, dMm, depthMm, factor, seconds) => {
          const d = dMm / 1000;
          const res = limiterReservoir(asRouted(roof), d, 0.61, 9.81);
          const v0 = (depthMm / 1000) * roof.surface * 0.3;
          // an inflow from none to three times the outflow at the start
          const inflow = factor * Math.max(outflowAt(res, v0), 1e-6);
          const exact = advance(res, v0, inflow, seconds);
          const reference = poolStep(roof, d, v0, inflow, seconds, 20000);
          expect(Math.abs(exact - reference)).toBeLessThan(1e-6 * Math.max(reference, v0, 1e-3));
        },
      ),
      { numRuns: 200, seed: 36 },
    );
  });

  it('stores nothing while the orifices pass the inflow under the recess alone', () => {
    const res = limiterReservoir(asRouted(wide), 0.091, 0.61, 9.81);
    const under = outflowAt(res, 0) * 0.999;
    expect(advance(res, 0, under, 3600)).toBe(0);
    expect(blockRain(res, under, 3600, 0.8)).toMatchObject({ volume: 0, outflow: under });
    // from some storage, the level falls back to the recess and holds there
    expect(advance(res, 5, under, 36000)).toBe(0);
  });

  it('empties to the level asked in the time it says (weir tail included)', () => {
    for (const [roof, d] of [
      [wide, 0.091],
      [{ surface: 300, drains: 1, recess: 0, layer: [0, 1] } as PoolRoof, 0.02],
    ] as const) {
      const res = limiterReservoir(asRouted(roof), d, 0.61, 9.81);
      const to = roof.recess === 0 ? 0.001 * roof.surface : 0;
      const seconds = emptyingSeconds(res, 100, to);
      expect(advance(res, 100, 0, seconds)).toBeCloseTo(to, 6);
      expect(Math.abs(poolStep(roof, d, 100, 0, seconds, 50000) - to)).toBeLessThan(1e-5 * 100);
    }
    // with no recess the weir law never lets the last film out
    const bare = limiterReservoir(
      asRouted({ surface: 300, drains: 1, recess: 0, layer: [0, 1] }),
      0.02,
      0.61,
      9.81,
    );
    expect(emptyingSeconds(bare, 10, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('blockRain (a block rain from empty, and its derivative in the duration)', () => {
  it('ends where advance ends, and gives d/d ln(minutes) as central differences do', () => {
    const roofs: PoolRoof[] = [
      wide,
      { surface: 1000, drains: 2, recess: 0, layer: [25, 0.5] },
      { surface: 100, drains: 1, recess: 5, layer: [0, 1] },
      { surface: 5000, drains: 3, recess: 10, layer: [80, 0.3] },
    ];
    for (const roof of roofs)
      for (const d of [0.03, 0.07, 0.1]) {
        const res = limiterReservoir(asRouted(roof), d, 0.61, 9.81);
        const at = (minutes: number) => {
          const inflow = (RAIN.a * minutes ** (1 - RAIN.b) * roof.surface) / 60000 / minutes;
          return blockRain(res, inflow, minutes * 60, RAIN.b);
        };
        for (const minutes of [15, 40, 100, 300, 1000, 4000]) {
          const x = at(minutes);
          const inflow = (RAIN.a * minutes ** (1 - RAIN.b) * roof.surface) / 60000 / minutes;
          expect(x.volume).toBeCloseTo(advance(res, 0, inflow, minutes * 60), 9);
          const h = 1e-5;
          const up = at(minutes * Math.exp(h));
          const down = at(minutes * Math.exp(-h));
          const dv = (up.volume - down.volume) / (2 * h);
          const dq = (up.outflow - down.outflow) / (2 * h);
          expect(Math.abs(x.dVolume - dv)).toBeLessThan(1e-5 * Math.max(Math.abs(dv), x.volume, 1e-9));
          expect(Math.abs(x.dOutflow - dq)).toBeLessThan(1e-5 * Math.max(Math.abs(dq), x.outflow));
        }
      }
  });

  it('is the closed form of method 1.3 where the orifice runs full (no weir piece)', () => {
    const roof = asRouted({ surface: 1200, drains: 3, recess: 20, layer: [25, 0.5] });
    const k = orificeConstant(3, 0.027, 0.61, 9.81);
    const res = reservoirOf(roof, k, 0);
    for (const minutes of [15, 129, 1000]) {
      const old = roofUnderRain(roof, k, RAIN, minutes);
      const inflow = (RAIN.a * minutes ** (1 - RAIN.b) * 1200) / 60000 / minutes;
      const x = blockRain(res, inflow, minutes * 60, RAIN.b);
      expect(x.volume).toBeCloseTo(old.volume, 9);
      expect(x.outflow / old.outflow).toBeCloseTo(1, 12);
      expect(x.dOutflow / old.dOutflow).toBeCloseTo(1, 6);
    }
  });
});
