import { describe, expect, it } from 'vitest';
import { localeOf } from '../../app/state/appAtoms';

/** A deployment as GET /api/config describes it: the languages its calculators speak. */
const config = (mode: 'admin' | 'canada' | 'canada_prod' | 'client') => ({
  mode,
  calculators: [],
  locales: mode.startsWith('canada') ? ['fr', 'en'] : ['fr'],
  unitSystems: [],
  admin: false,
});

describe('localeOf', () => {
  it('forces French where the deployment speaks only French', () => {
    expect(localeOf(config('client'), 'en', ['fr', 'en'])).toBe('fr');
    expect(localeOf(config('admin'), 'en', ['fr', 'en'])).toBe('fr');
  });
  it('follows the user where the deployment and the calculator both speak the language', () => {
    expect(localeOf(config('canada'), 'en', ['fr', 'en'])).toBe('en');
    expect(localeOf(config('canada_prod'), 'en', ['fr'])).toBe('fr');
  });
});
