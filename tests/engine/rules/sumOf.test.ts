import { describe, expect, it } from 'vitest';
import { sumOf } from '../../../engine/rules/sumOf';

describe('sum_of', () => {
  it('sums a nested field over the cards', () => {
    const roofs = [{ drainage: { horizontal: 2 } }, { drainage: { horizontal: 3 } }];
    expect(sumOf(roofs, 'drainage.horizontal')).toBe(5);
  });
  it('counts blanks and non-numbers as zero', () => {
    expect(sumOf([{ s: 10 }, { s: null }, { s: '4' }, {}], 's')).toBe(10);
  });
  it('is zero for something that is not a list', () => {
    expect(sumOf(undefined, 's')).toBe(0);
  });
});
