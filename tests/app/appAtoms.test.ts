import { describe, expect, it } from 'vitest';
import { localeOf } from '../../app/state/appAtoms';

const config = (mode: 'admin' | 'canada' | 'canada_prod' | 'client') => ({
  mode,
  calculators: [],
  locales: [],
  unitSystems: [],
  admin: false,
});

describe('localeOf', () => {
  it('forces French outside the Canadian modes', () => {
    expect(localeOf(config('client'), 'en', ['fr', 'en'])).toBe('fr');
    expect(localeOf(config('admin'), 'en', ['fr', 'en'])).toBe('fr');
  });
  it('follows the user in the Canadian modes when the calculator speaks the language', () => {
    expect(localeOf(config('canada'), 'en', ['fr', 'en'])).toBe('en');
    expect(localeOf(config('canada_prod'), 'en', ['fr'])).toBe('fr');
  });
});
