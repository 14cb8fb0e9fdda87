import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../words/i18n';
import { imposedVolumeText, roofVerdict, siteVerdict } from '../../words/resultsText';
import { figureWriter } from '../../words/figures';
import type { UnitSystem } from '../../engine';
import type { AbattementResults } from '../../words/results';
import { ALL_MESSAGES } from '../../renderers/stories/messages';

const ROOT = join(import.meta.dirname, '..', '..', 'schemas');
const json = (...p: string[]) => JSON.parse(readFileSync(join(ROOT, ...p), 'utf8')) as unknown;
const tr = (lang: string) => {
  const { t } = createI18n(ALL_MESSAGES, lang);
  return (k: string, p?: Record<string, unknown>) => t(k, p ?? {});
};

const formats = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/smca/bundle.json'), 'utf8')) as {
    figures: { formats: Parameters<typeof figureWriter>[0] };
  }
).figures.formats;
/** smca's figures in a unit system and a language. */
const writer = (system: UnitSystem, lang: string) => figureWriter(formats, system, tr(lang), lang);

/** Results of an older method: only the figures the verdicts read (the others absent). */
const results = (targetMm: number) =>
  ({
    toitureResults: [
      {
        toiture: { name: 'Tower' },
        monthlyResults: [],
        annual: { abattement: 80, respectConsigneAbattement: 95 },
      },
    ],
    pluviometrie: [],
    target_mm: targetMm,
    site: { abattement: 80, respectConsigneAbattement: 95 },
  }) as unknown as AbattementResults;

describe('the verdicts agree with the depth they name', () => {
  it('English: the first 1 in of rain is retained', () => {
    const r = results(25.4);
    expect(roofVerdict(r.toitureResults[0]!, 25.4, writer('IMPERIAL', 'en'), tr('en'))).toBe(
      'Tower: the first 1\u00a0in of its own rain is retained on 95.0\u00a0% of rainy days.',
    );
    expect(siteVerdict(r, writer('IMPERIAL', 'en'), tr('en'))).toContain(
      'The first 1\u00a0in of rain is retained',
    );
  });
  it('English: a depth typed 0.125 in is said as typed', () => {
    const mm = 0.125 * 25.4;
    const r = results(mm);
    expect(roofVerdict(r.toitureResults[0]!, mm, writer('IMPERIAL', 'en'), tr('en'))).toBe(
      'Tower: the first 0.125\u00a0in of its own rain is retained on 95.0\u00a0% of rainy days.',
    );
    expect(siteVerdict(r, writer('IMPERIAL', 'en'), tr('en'))).toContain(
      'The first 0.125\u00a0in of rain is retained',
    );
  });
  it('French: singular for one inch, plural for 8 mm', () => {
    const t = tr('fr');
    expect(roofVerdict(results(25.4).toitureResults[0]!, 25.4, writer('IMPERIAL', 'fr'), t)).toBe(
      'Tower\u00a0: le premier 1\u00a0po de sa propre pluie est retenu sur 95,0\u00a0% des jours de pluie.',
    );
    expect(siteVerdict(results(25.4), writer('IMPERIAL', 'fr'), t)).toContain(
      'Le premier 1\u00a0po de pluie est retenu sur',
    );
    expect(roofVerdict(results(8).toitureResults[0]!, 8, writer('METRIC', 'fr'), t)).toBe(
      'Tower\u00a0: les premiers 8\u00a0mm de sa propre pluie sont retenus sur 95,0\u00a0% des jours de pluie.',
    );
    expect(siteVerdict(results(8), writer('METRIC', 'fr'), t)).toContain(
      'Les premiers 8\u00a0mm de pluie sont retenus',
    );
  });
});

describe('English words', () => {
  it('the live preview says retention, as the results do', () => {
    const t = tr('en');
    expect(t('app.preview.site')).toBe('Annual retention of the site');
    expect(t('app.preview.roof')).toBe('Annual retention of the roof');
  });
  it('no English message says the French "abattement"', () => {
    const texts = (node: unknown): string[] =>
      typeof node === 'string'
        ? [node]
        : node && typeof node === 'object'
          ? Object.values(node).flatMap(texts)
          : [];
    const en = [
      ...texts(json('common', 'messages.en.json')),
      ...texts(json('common', 'note.en.json')),
      ...texts(json('smca', 'messages.en.json')),
    ];
    expect(en.filter((s) => /abattement/i.test(s))).toEqual([]);
  });
});

describe('the home cards', () => {
  it.each(['sm', 'smca'])('%s: the calculator card says what it calculates, not "Dimensionnement"', (id) => {
    const bundle = json(id, 'bundle.json') as { home: { title: string; page: string }[] };
    const card = bundle.home.find((h) => h.page === 'calculator')!;
    expect(tr('fr')(card.title)).toBe("Calcul de l'abattement");
    expect(tr('en')(card.title)).toBe('Retention calculation');
  });
});

describe('months in a sentence (issue 37.9)', () => {
  const imposed = {
    ...results(8),
    site: {
      abattement: 80,
      respectConsigneAbattement: 95,
      imposed_volume_m3: 12,
      imposed_volume_free_share: 90,
      imposed_volume_free_share_by_month: [95, 95, 70, 95, 95, 95, 95, 95, 95, 95, 99, 95],
    },
  } as unknown as AbattementResults;
  it('writes them as French writes them mid-sentence: whole, lower case ("en mars")', () => {
    const [text] = imposedVolumeText(imposed, writer('METRIC', 'fr'), tr('fr'));
    expect(text).toMatch(/ en mars, .* en novembre\)/);
    expect(text).not.toMatch(/ en [A-Z]/);
  });
  it('and as English does ("in March")', () => {
    const [text] = imposedVolumeText(imposed, writer('METRIC', 'en'), tr('en'));
    expect(text).toMatch(/ in March, .* in November\)/);
  });
});
