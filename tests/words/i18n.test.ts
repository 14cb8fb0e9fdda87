import { describe, expect, it } from 'vitest';
import { createI18n, listOf } from '../../words/i18n';

const fr = {
  common: { problems_one: '{{count}} problème', problems_other: '{{count}} problèmes' },
  app: {
    annual: 'Abattement annuel : {{value, number(maximumFractionDigits: 1)}} %',
    hello: 'Bonjour {{name}}',
    roof: 'Toiture {{index}}',
    roof_named: 'Toiture {{index}} ({{name}})',
    months: ['Janv.', 'Févr.'],
    only_fr: 'seulement en français',
  },
};
const en = {
  common: { problems_one: '{{count}} problem', problems_other: '{{count}} problems' },
  app: { annual: 'Annual retention: {{value, number(maximumFractionDigits: 1)}} %', hello: 'Hello {{name}}' },
};

describe('the translator', () => {
  it("picks the key of the context first (i18next's key_context), the bare key without one", () => {
    const t = createI18n({ fr: [fr], en: [en] }, 'fr').t;
    expect(t('app.roof', { index: 1, name: 'Nord', context: 'named' })).toBe('Toiture 1 (Nord)');
    expect(t('app.roof', { index: 2, name: '' })).toBe('Toiture 2');
    // a context the file does not have falls back to the bare key
    expect(t('app.hello', { name: 'Jeanne', context: 'named' })).toBe('Bonjour Jeanne');
  });
  it('fills parameters, numbers in the language, plurals by its rules', () => {
    const t = createI18n({ fr: [fr], en: [en] }, 'fr').t;
    expect(t('app.hello', { name: 'Jeanne' })).toBe('Bonjour Jeanne');
    expect(t('app.annual', { value: 1234.56 })).toBe('Abattement annuel : 1\u202f234,6 %');
    expect(t('common.problems', { count: 1 })).toBe('1 problème');
    // French says "0 problème", English "0 problems"
    expect(t('common.problems', { count: 0 })).toBe('0 problème');
    const e = createI18n({ fr: [fr], en: [en] }, 'en').t;
    expect(e('common.problems', { count: 0 })).toBe('0 problems');
    expect(e('app.annual', { value: 1234.56 })).toBe('Annual retention: 1,234.6 %');
  });

  it('reads a parameter given as a message key as that message (a unit)', () => {
    const files = {
      fr: [
        {
          units: { ft2: 'pi²' },
          errors: { max: 'Au plus {{max, number(maximumFractionDigits: 3)}} {{unit, message}}' },
        },
      ],
      en: [
        {
          units: { ft2: 'ft²' },
          errors: { max: 'At most {{max, number(maximumFractionDigits: 3)}} {{unit, message}}' },
        },
      ],
    };
    expect(createI18n(files, 'fr').t('errors.max', { max: 10_700_000, unit: 'units.ft2' })).toBe(
      'Au plus 10\u202f700\u202f000 pi²',
    );
    expect(createI18n(files, 'en').t('errors.max', { max: 19.6, unit: 'units.ft2' })).toBe(
      'At most 19.6 ft²',
    );
  });

  it('falls back to English then French, and answers the key itself when no file has it', () => {
    const i = createI18n({ fr: [fr], en: [en] }, 'en');
    expect(i.t('app.only_fr')).toBe('seulement en français');
    expect(i.t('app.nothing')).toBe('app.nothing');
    expect(i.exists('app.only_fr')).toBe(true);
    expect(i.exists('app.nothing')).toBe(false);
    expect(i.language).toBe('en');
  });

  it('reads a list item by item (listOf), and gives an empty text for a missing parameter', () => {
    const t = createI18n({ fr: [fr] }, 'fr').t;
    expect(listOf(t, 'app.months')).toEqual(['Janv.', 'Févr.']);
    expect(listOf(t, 'app.nothing')).toEqual([]);
    expect(t('app.hello')).toBe('Bonjour ');
  });

  it('lets a later file win over an earlier one, key by key', () => {
    const t = createI18n({ fr: [fr, { app: { hello: 'Salut {{name}}' } }] }, 'fr').t;
    expect(t('app.hello', { name: 'Paul' })).toBe('Salut Paul');
    expect(t('app.only_fr')).toBe('seulement en français');
  });
});
