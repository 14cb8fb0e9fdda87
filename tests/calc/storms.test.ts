import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limiterReservoir } from '../../server/calc/flow-limiter/reservoir';
import { chicagoStorm, desbordesStorm, routeStorm, type Storm } from '../../server/calc/flow-limiter/storms';
import { poolStorm, type PoolRoof } from './levelPool';

const RAIN = { a: 15.096, b: 0.803 };
const H = (d: number) => RAIN.a * d ** (1 - RAIN.b);
/** the depth (mm) a storm holds from minute t0 to t1 */
const held = (s: Storm, t0: number, t1: number) =>
  s.steps.reduce((sum, x) => {
    const overlap = Math.max(0, Math.min(t1, x.start + x.minutes) - Math.max(t0, x.start));
    return sum + (x.mm_h / 60) * overlap;
  }, 0);
const contiguous = (s: Storm) => {
  expect(s.steps[0]!.start).toBe(0);
  s.steps.forEach((x, i) => {
    expect(Number.isInteger(x.start) && Number.isInteger(x.minutes)).toBe(true);
    if (i > 0) expect(x.start).toBe(s.steps[i - 1]!.start + s.steps[i - 1]!.minutes);
  });
  const last = s.steps[s.steps.length - 1]!;
  expect(last.start + last.minutes).toBe(s.total_min);
};

describe('the Chicago storm (Keifer & Chu 1957, peak in the middle)', () => {
  it('holds H(d) in every window of d minutes centred on its peak, at each of its steps', () => {
    const s = chicagoStorm(RAIN, 4320);
    contiguous(s);
    const centre = s.total_min / 2;
    const windows = s.steps
      .filter((x) => x.start + x.minutes > centre)
      .map((x) => 2 * (x.start + x.minutes - centre));
    expect(windows[0]).toBe(16);
    expect(windows[windows.length - 1]).toBe(4320);
    for (const d of windows) expect(held(s, centre - d / 2, centre + d / 2)).toBeCloseTo(H(d), 9);
    // the peak is in the middle, the intensity falls away from it on both sides
    const peak = s.steps.reduce((m, x) => Math.max(m, x.mm_h), 0);
    expect(s.steps.find((x) => x.mm_h === peak)).toMatchObject({ start: centre - 8, minutes: 16 });
  });
});

describe('the Desbordes double triangle', () => {
  it('holds H(t1) over its centred intense period and H(t3) over the whole storm', () => {
    for (const t1 of [30, 162, 1500]) {
      const s = desbordesStorm(RAIN, t1);
      contiguous(s);
      expect(s.intense_min).toBe(12 * Math.max(1, Math.round(t1 / 12)));
      expect(s.total_min).toBeGreaterThanOrEqual(Math.max(240, 4 * s.intense_min!));
      const c = s.total_min / 2;
      const d = s.intense_min!;
      expect(held(s, c - d / 2, c + d / 2)).toBeCloseTo(H(d), 9);
      expect(held(s, 0, s.total_min)).toBeCloseTo(H(s.total_min), 9);
      expect(s.steps.length).toBe(s.total_min / (d / 12));
    }
  });
});

describe('routeStorm (a stepped storm through a site, exactly)', () => {
  it('matches the Runge-Kutta integration of the same site (differential)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            surface: fc.integer({ min: 20, max: 8000 }),
            drains: fc.integer({ min: 1, max: 6 }),
            recess: fc.integer({ min: 0, max: 40 }),
            layer: fc.constantFrom<[number, number]>([0, 1], [25, 0.5], [40, 0.3]),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.integer({ min: 15, max: 100 }),
        fc.constantFrom('chicago', 'desbordes'),
        (roofs, dMm, kind) => {
          const d = dMm / 1000;
          const storm = kind === 'chicago' ? chicagoStorm(RAIN, 720) : desbordesStorm(RAIN, 90);
          const res = roofs.map((r) =>
            limiterReservoir({ ...r, layer: { thickness: r.layer[0], porosity: r.layer[1] } }, d, 0.61, 9.81),
          );
          const product = routeStorm(
            res,
            roofs.map((r) => r.surface),
            storm,
          );
          const blocks = storm.steps.map((x) => ({ seconds: x.minutes * 60, intensity: x.mm_h / 3.6e6 }));
          const reference = poolStorm(roofs as PoolRoof[], d, blocks, 60);
          expect(Math.abs(product.outflow / reference.outflow - 1)).toBeLessThan(1e-4);
          product.volumes.forEach((v, i) => {
            const ref = reference.volumes[i]!;
            expect(Math.abs(v - ref)).toBeLessThan(1e-4 * Math.max(ref, 1e-2));
          });
          expect(product.outflows.reduce((s, x) => s + x, 0)).toBeCloseTo(product.outflow, 12);
        },
      ),
      { numRuns: 15, seed: 36 },
    );
  });
});
