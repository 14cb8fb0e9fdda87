/**
 * What the note says of a measured rain series (issue 39.3): the file, the station, the period, the share
 * of complete days, the years left out, where the temperatures come from, and the series' monthly means
 * beside the normals of the project's station, in the project's units.
 */
import type { UnitSystem } from '../../engine';
import { toDisplay } from '../../engine/units';
import { monthNames } from '../../words/dates';
import { numberText } from '../../words/numberText';
import { summaryText } from '../../words/rain';
import type { MeasuredRain } from '../../words/results/abattement';
import { tableBlocks, type Block } from './noteParts';

type T = (k: string, p?: Record<string, unknown>) => string;

/** The paragraphs that take the place of the generated series' (series, snow, limits). */
export function measuredParagraphs(
  m: MeasuredRain,
  t: T,
  lang: string,
  melt: string,
  freezing: string,
): { series: string[]; snow: string; limits: string } {
  const summary = summaryText(
    {
      ...m,
      files: m.files.map((name) => ({ name, size: 0 })),
      station: m.station && { ...m.station, lat: null, lon: null, alt: null },
    },
    t,
    lang,
  );
  return {
    series: [
      t('app.method_text.abattement.measured', { summary }),
      m.years_left_out.length
        ? t('app.method_text.abattement.measured_left_out', { years: m.years_left_out.join(', ') })
        : t('app.method_text.abattement.measured_none_left_out'),
    ],
    snow: t('app.method_text.abattement.measured_snow', {
      days: numberText(m.temperature_days, lang, 0),
      all: numberText(m.used_days, lang, 0),
      melt,
      freezing,
    }),
    limits: t('app.method_text.abattement.measured_limits', { from: m.first_year, to: m.last_year }),
  };
}

/** The series' months beside the station's normals: precipitation (mm or in) and days with rain. */
export function measuredTable(m: MeasuredRain, t: T, system: UnitSystem, lang: string): Block[] {
  const depth = (mm: number) =>
    system === 'IMPERIAL'
      ? numberText(toDisplay(mm, 'length_mm', 'IMPERIAL') as number, lang, 2, true)
      : numberText(mm, lang, 1, true);
  const unit = t(system === 'IMPERIAL' ? 'units.in' : 'units.mm');
  const months = monthNames(lang);
  return tableBlocks(
    'measured',
    [
      t('app.note_page.measured.month'),
      t('app.note_page.measured.series', { unit }),
      t('app.note_page.measured.normal', { unit }),
      t('app.note_page.measured.series_days'),
      t('app.note_page.measured.normal_days'),
    ],
    m.monthly.map((x, i) => [
      months[i] ?? String(i + 1),
      depth(x.series_mm),
      depth(x.normal_mm),
      numberText(x.series_days, lang, 1, true),
      numberText(x.normal_days, lang, 1, true),
    ]),
    t('app.note_page.measured.title'),
  );
}
