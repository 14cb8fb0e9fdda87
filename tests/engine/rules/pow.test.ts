import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../engine/rules';
import { pow } from '../../../engine/rules/pow';

describe('pow', () => {
  it('raises a number to a power', () => {
    expect(pow(360, 0.5)).toBe(Math.sqrt(360));
    expect(pow(10, 2)).toBe(100);
  });
  it('gives null for non-numbers and powers beyond a number', () => {
    expect(pow(null, 2)).toBeNull();
    expect(pow('10', 2)).toBeNull();
    expect(pow(-8, 1 / 3)).toBeNull();
    expect(pow(10, 400)).toBeNull();
  });
  it('is registered on json-logic: a Montana depth a d^(1-b)', () => {
    const depth = { '*': [{ var: 'a' }, { pow: [{ var: 'd' }, { '-': [1, { var: 'b' }] }] }] };
    expect(evaluate(depth, { a: 15.096, b: 0.803, d: 60 })).toBeCloseTo(33.8, 1);
  });
});
