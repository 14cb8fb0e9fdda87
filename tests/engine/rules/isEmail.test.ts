import { describe, expect, it } from 'vitest';
import { isEmail } from '../../../engine/rules/isEmail';

describe('is_email', () => {
  it('accepts ordinary addresses', () => {
    expect(isEmail('jeanne.dupont@bureau-etudes.fr')).toBe(true);
    expect(isEmail('a+b@x.co')).toBe(true);
  });
  it('refuses text without an @, a domain or a top-level domain', () => {
    expect(isEmail('jeanne')).toBe(false);
    expect(isEmail('jeanne@')).toBe(false);
    expect(isEmail('jeanne@bureau')).toBe(false);
    expect(isEmail('a b@x.fr')).toBe(false);
  });
  it('refuses non-strings and overlong values', () => {
    expect(isEmail(null)).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@x.fr`)).toBe(false);
  });
});
