import { describe, expect, it } from 'vitest';
import { annualAverage } from '../../app/charts/AbattementCharts';

describe('annualAverage', () => {
  it('is the sum of the 12 months divided by 12, rounded down (seed 001 section 9)', () => {
    expect(annualAverage([100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 99])).toBe(99);
    expect(annualAverage(new Array(12).fill(50.9))).toBe(50);
  });
});
