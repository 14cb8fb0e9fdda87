import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../engine/rules';
import { isDigits } from '../../../engine/rules/isDigits';

describe('is_digits', () => {
  it('accepts a French postcode as people type it: five digits, a leading zero kept, spaces around', () => {
    expect(isDigits('93100', 5)).toBe(true);
    expect(isDigits('01000', 5)).toBe(true);
    expect(isDigits(' 75011 ', 5)).toBe(true);
    expect(isDigits(93100, 5)).toBe(true);
  });
  it('refuses a letter for a digit, too few or too many digits, and nonsense counts', () => {
    expect(isDigits('93l00', 5)).toBe(false);
    expect(isDigits('93O00', 5)).toBe(false);
    expect(isDigits('9310', 5)).toBe(false);
    expect(isDigits('931000', 5)).toBe(false);
    expect(isDigits('93 100', 5)).toBe(false);
    expect(isDigits(null, 5)).toBe(false);
    expect(isDigits('93100', '5')).toBe(false);
    expect(isDigits('93100', 0)).toBe(false);
  });
  it('is reachable from a rule', () => {
    expect(evaluate({ is_digits: [{ var: 'value' }, 5] }, { value: '93100' })).toBe(true);
    expect(evaluate({ is_digits: [{ var: 'value' }, 5] }, { value: '93l00' })).toBe(false);
  });
});
