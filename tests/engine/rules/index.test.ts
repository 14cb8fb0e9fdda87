import { describe, expect, it } from 'vitest';
import { KNOWN_OPERATORS, evaluate, operatorOf, truthy } from '../../../engine/rules';

describe('rules index', () => {
  it('registers every operator of ours beside the json-logic ones', () => {
    for (const op of ['between', 'convert_unit', 'cycle_in', 'is_email', 'is_empty', 'is_phone']) {
      expect(KNOWN_OPERATORS.has(op)).toBe(true);
    }
    expect(KNOWN_OPERATORS.has('postcode_in') && KNOWN_OPERATORS.has('sum_of')).toBe(true);
    expect(KNOWN_OPERATORS.has('unique_in')).toBe(true);
  });
  it('fails loud on an unknown operator', () => {
    expect(() => evaluate({ no_such_op: [1] }, {})).toThrow(/no_such_op/);
  });
  it('reads an operator node', () => {
    expect(operatorOf({ '==': [1, 2] })).toEqual({ op: '==', args: [1, 2] });
    expect(operatorOf({ var: 'x' })).toEqual({ op: 'var', args: ['x'] });
    expect(operatorOf(3)).toBeUndefined();
  });
  it('uses json-logic truthiness', () => {
    expect(truthy([])).toBe(false);
    expect(truthy('0')).toBe(true);
  });
});
