import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orificeDiameter, orificeFlow } from '../../server/calc/flow-limiter/orifice';

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
