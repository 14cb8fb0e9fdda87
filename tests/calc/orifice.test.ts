import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  criticalHead,
  limiterFlow,
  orificeDiameter,
  orificeFlow,
} from '../../server/calc/flow-limiter/orifice';

describe('orificeFlow', () => {
  it('matches a hand computation: d = 20 mm under 100 mm of head', () => {
    // A = pi * 0.02^2 / 4 = 3.14159e-4 m2; sqrt(2 * 9.81 * 0.1) = 1.400714 m/s;
    // Q = 0.61 * 3.14159e-4 * 1.400714 = 2.68429e-4 m3/s = 0.268 L/s.
    expect(orificeFlow(0.02, 0.1, 0.61, 9.81)).toBeCloseTo(2.68429e-4, 8);
  });
  it('lets nothing through without head', () => {
    expect(orificeFlow(0.02, 0, 0.61, 9.81)).toBe(0);
  });
  it('never lets less through a larger orifice (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 0.2, noNaN: true }),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        (d, more, h) => {
          expect(orificeFlow(d + more, h, 0.61, 9.81)).toBeGreaterThanOrEqual(orificeFlow(d, h, 0.61, 9.81));
        },
      ),
    );
  });
});

describe('orificeDiameter', () => {
  it('is the inverse of the orifice law', () => {
    expect(orificeDiameter(2.68429e-4, 0.1, 0.61, 9.81)).toBeCloseTo(0.02, 6);
  });
});

describe('limiterFlow (a bottom orifice as EPA SWMM 5.2.4 models it)', () => {
  it('runs a 91 mm orifice as a weir under its critical head: a hand computation', () => {
    // hc = (0.61 / 0.414) * 0.091 / 4 = 0.0335205 m (SWMM link.c, orifice_getWeirCoeff);
    // A = pi 0.091^2 / 4 = 6.50388e-3 m2; at hc: Qc = 0.61 * 6.50388e-3 * sqrt(2 * 9.81 * 0.0335205)
    // = 3.21742e-3 m3/s; under the 20 mm recess: Qc * (0.02 / 0.0335205)^1.5 = 1.48281e-3 m3/s, where the
    // orifice law alone gives 2.48523e-3 (68 % more)
    expect(criticalHead(0.091, 0.61)).toBeCloseTo(0.0335205, 7);
    expect(limiterFlow(0.091, criticalHead(0.091, 0.61), 0.61, 9.81)).toBeCloseTo(3.21742e-3, 8);
    expect(limiterFlow(0.091, 0.02, 0.61, 9.81)).toBeCloseTo(1.48281e-3, 8);
    expect(orificeFlow(0.091, 0.02, 0.61, 9.81)).toBeCloseTo(2.48523e-3, 8);
  });
  it('is the orifice law at and above the critical head, continuous across it', () => {
    const hc = criticalHead(0.05, 0.61);
    expect(limiterFlow(0.05, 0.1, 0.61, 9.81)).toBe(orificeFlow(0.05, 0.1, 0.61, 9.81));
    expect(limiterFlow(0.05, hc * (1 - 1e-12), 0.61, 9.81)).toBeCloseTo(
      orificeFlow(0.05, hc, 0.61, 9.81),
      12,
    );
    expect(limiterFlow(0.05, 0, 0.61, 9.81)).toBe(0);
  });
  it('never lets more through than the orifice law (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 0.2, noNaN: true }),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        (d, h) => {
          expect(limiterFlow(d, h, 0.61, 9.81)).toBeLessThanOrEqual(
            orificeFlow(d, h, 0.61, 9.81) * (1 + 1e-12),
          );
        },
      ),
    );
  });
});
