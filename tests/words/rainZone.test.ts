import { describe, expect, it } from 'vitest';
import { i18nOf } from '../../server/i18n';
import { problemText, zoneText, type RainProblem } from '../../words/rain';

/** A logger's times read in a zone: the summary names the zone in words, never as America/Toronto. */
describe('a time zone in the rain summary (ux8)', () => {
  const times: RainProblem = {
    code: 'times_zone',
    file: 'toronto.csv',
    line: null,
    column: null,
    params: { zone: 'America/Toronto', offsets: 'UTC+00:00' },
  };
  const zones = [
    { value: 'America/Toronto', label: 'smca.rain_zones.eastern' },
    { value: 'America/St_Johns', label: 'smca.rain_zones.newfoundland' },
  ];
  for (const [lang, offered, city] of [
    [
      'fr',
      "Heures du fichier (UTC+00:00) converties dans le fuseau «\u00a0Heure de l'Est (Toronto, Montréal)\u00a0»",
      'Heure de Toronto',
    ],
    [
      'en',
      'The file\'s times (UTC+00:00) converted to the time zone "Eastern Time (Toronto, Montréal)"',
      'Toronto time',
    ],
  ] as const) {
    const { i18n } = i18nOf('smca', lang);
    const t = (k: string, q?: Record<string, unknown>) => i18n.t(k, q ?? {});
    it(`${lang}: by the label of the zone the rain field offers, else by its city`, () => {
      expect(problemText(times, t, lang, zones)).toContain(offered);
      expect(zoneText('America/Toronto', t)).toBe(city);
      expect(problemText(times, t, lang)).toContain(city);
      expect(problemText(times, t, lang)).not.toContain('America/');
      // a fixed offset is already words
      expect(zoneText('UTC-05:00', t, zones)).toBe('UTC-05:00');
    });
  }
});
