import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rainMethod, storedVolume } from '../../server/calc/flow-limiter/rainMethod';

const montana = { a: 15.096, b: 0.803, ca: 1 };

describe('rainMethod', () => {
  it('matches a hand computation: 1 ha at 10 L/s/ha, T = 10 years', () => {
    // Tm = [0.06 * 10 / (10 * 15.096 * 1 * 0.197)]^(-1/0.803) = (0.0201755)^(-1.245330) = 129.138 min
    // Vm = 0.06 * 10 * 129.138 * 0.803 / 0.197 = 315.83 m3
    const r = rainMethod({ ...montana, areaHa: 1, leakageLs: 10 });
    expect(r.criticalMinutes).toBeCloseTo(129.138, 2);
    expect(r.volume).toBeCloseTo(315.831, 2);
  });
  it('is the maximum of V(d) over the durations', () => {
    const p = { ...montana, areaHa: 0.12, leakageLs: 1.2 };
    const r = rainMethod(p);
    for (const d of [10, 60, 120, 140, 360, 1440])
      expect(storedVolume(p, d)).toBeLessThanOrEqual(r.volume + 1e-9);
    expect(storedVolume(p, r.criticalMinutes)).toBeCloseTo(r.volume, 9);
  });
  it('never gives a larger volume for a higher leakage rate (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 10, noNaN: true }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (ha, q, more) => {
          const v1 = rainMethod({ ...montana, areaHa: ha, leakageLs: q * ha }).volume;
          const v2 = rainMethod({ ...montana, areaHa: ha, leakageLs: (q + more) * ha }).volume;
          expect(v2).toBeLessThanOrEqual(v1 * (1 + 1e-12));
        },
      ),
    );
  });
});
