import { describe, expect, it } from 'vitest';
import { between } from '../../../engine/rules/between';
import { evaluate } from '../../../engine/rules';

describe('between', () => {
  it('accepts the bounds themselves', () => {
    expect(between(4, 4, 40)).toBe(true);
    expect(between(40, 4, 40)).toBe(true);
  });
  it('refuses values outside the range', () => {
    expect(between(3.99, 4, 40)).toBe(false);
    expect(between(40.01, 4, 40)).toBe(false);
  });
  it('refuses non-numbers, NaN and infinities', () => {
    expect(between('10', 4, 40)).toBe(false);
    expect(between(null, 4, 40)).toBe(false);
    expect(between(Number.NaN, 4, 40)).toBe(false);
    expect(between(Number.POSITIVE_INFINITY, 0, Number.MAX_VALUE)).toBe(false);
  });
  it('is registered on json-logic', () => {
    expect(evaluate({ between: [{ var: 'x' }, 40, 400] }, { x: 100 })).toBe(true);
    expect(evaluate({ between: [{ var: 'x' }, 40, 400] }, { x: 401 })).toBe(false);
  });
});
