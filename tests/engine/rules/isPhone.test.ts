import { describe, expect, it } from 'vitest';
import { isPhone } from '../../../engine/rules/isPhone';

describe('is_phone', () => {
  it('accepts French and North American ways of writing numbers', () => {
    expect(isPhone('01 23 45 67 89')).toBe(true);
    expect(isPhone('+33 1.23.45.67.89')).toBe(true);
    expect(isPhone('(416) 555-0199')).toBe(true);
  });
  it('refuses letters, too few and too many digits', () => {
    expect(isPhone('01 23 AB')).toBe(false);
    expect(isPhone('12345')).toBe(false);
    expect(isPhone('1234567890123456')).toBe(false);
    expect(isPhone(123456789)).toBe(false);
  });
});
