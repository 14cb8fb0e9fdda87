import { toDisplay, unitKey } from '../engine/units';
import type { UnitSystem } from '../engine';

/**
 * The abattement results as text for reading: the summary table, the verdicts and the monthly tables,
 * shared by the results page, the Excel file and the PDF note so that all three say the same thing in
 * the same words (the messages files) and the same numbers (formatted for the reader's language, in the
 * project's unit system).
 */
type T = (key: string, params?: Record<string, unknown>) => string;

export interface RoofView {
  toiture: { name: string };
  monthlyResults: { abattement: number; respectConsigneAbattement: number; own?: number }[];
  annual?: { abattement: number; respectConsigneAbattement: number; own?: number; downstream?: number };
  capacity_mm?: number;
  volumes?: { water_m3: number; own_m3: number; downstream_m3: number; to_sewer_m3: number };
}

/** The same project with more rain (the climate-stress sensitivity). */
export interface StressView {
  rain_factor: number;
  site: { abattement: number; respectConsigneAbattement: number; to_sewer_m3_per_year: number };
}

export interface AbattementView {
  stress?: StressView[];
  toitureResults: RoofView[];
  pluviometrie: { pluie_precipite: number; evenements_pluvieux: number }[];
  target_mm?: number | null;
  site?: {
    abattement: number;
    respectConsigneAbattement?: number;
    precipitation_m3_per_year?: number;
    to_sewer_m3_per_year?: number;
    et_m3_per_year?: number;
    infiltration_m3_per_year?: number;
    storage_capacity_m3?: number;
    imposed_volume_m3?: number | null;
    imposed_volume_met?: boolean | null;
  };
}

/** True for results that carry the annual figures (computed with method 2.0 or later). */
export function hasSummary(r: AbattementView): boolean {
  return r.toitureResults.every((x) => x.annual && x.volumes) && r.site !== undefined;
}

const formats = new Map<string, Intl.NumberFormat>();

/** A number for reading, in the reader's language (1 270,5 in French, 1,270.5 in English). */
export function numberText(
  value: number | null | undefined,
  lang: string,
  decimals = 1,
  /** every decimal written (87,0 beside 94,2): the columns of a table of figures line up */
  fixed = false,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const key = `${lang}:${decimals}:${fixed}`;
  let format = formats.get(key);
  if (!format)
    formats.set(
      key,
      (format = new Intl.NumberFormat(lang, {
        maximumFractionDigits: decimals,
        minimumFractionDigits: fixed ? decimals : 0,
      })),
    );
  // The narrow no-break space French groups digits with is not in every font (nor the PDF's standard
  // ones): a plain no-break space reads the same.
  return format.format(value).replace(/\u202f/g, '\u00a0');
}

/** A yearly volume with its unit: m³, or US gallons when the project is imperial. */
export function volumeText(m3: number | undefined, system: UnitSystem, t: T, lang: string): string {
  if (m3 === undefined) return '–';
  const v = toDisplay(m3, 'volume_m3', system) as number;
  const decimals = system === 'IMPERIAL' ? 0 : v < 10 ? 2 : 1;
  return `${numberText(v, lang, decimals)} ${t(unitKey('volume_m3', system)!)}`;
}

/** A depth with its unit: mm, or inches when the project is imperial. */
export function depthText(mm: number, system: UnitSystem, t: T, lang: string): string {
  return depthParams(mm, system, t, lang).depth;
}

/**
 * A depth as a message's parameters: `depth` its text, `count` the number written, so that the message
 * agrees with it ("le premier 1 po de pluie est retenu", "les premiers 8 mm … sont retenus").
 */
export function depthParams(
  mm: number,
  system: UnitSystem,
  t: T,
  lang: string,
): { depth: string; count: number } {
  const decimals = system === 'IMPERIAL' ? 2 : 1;
  const v = toDisplay(mm, 'length_mm', system) as number;
  return {
    depth: `${numberText(v, lang, decimals)} ${t(unitKey('length_mm', system)!)}`,
    count: Number(v.toFixed(decimals)),
  };
}

const pct = (x: number | undefined, lang: string) => (x === undefined ? '–' : `${numberText(x, lang)} %`);
/** A share in a table's column: its decimal always written (56,0 % above 47,2 %). */
const pctCell = (x: number | undefined, lang: string) =>
  x === undefined ? '–' : `${numberText(x, lang, 1, true)} %`;

/**
 * What a roof's results mean against the site's target: "the first 8 mm are retained on 97 % of rainy
 * days", or, with no target, how often nothing reaches the sewer.
 */
export function roofVerdict(
  roof: RoofView,
  targetMm: number | null | undefined,
  system: UnitSystem,
  t: T,
  lang: string,
): string {
  const share = roof.annual?.respectConsigneAbattement;
  if (share === undefined) return '';
  const name = roof.toiture.name;
  return typeof targetMm === 'number'
    ? t('app.results_view.verdict_target', {
        name,
        ...depthParams(targetMm, system, t, lang),
        share: pct(share, lang),
      })
    : t('app.results_view.verdict_none', { name, share: pct(share, lang) });
}

/** The site's verdict: its annual retention by volume, and the target met on how many rainy days. */
export function siteVerdict(r: AbattementView, system: UnitSystem, t: T, lang: string): string {
  if (!r.site) return '';
  const parts = [t('app.results_view.site_retention', { share: pct(r.site.abattement, lang) })];
  if (r.site.respectConsigneAbattement !== undefined)
    parts.push(
      typeof r.target_mm === 'number'
        ? t('app.results_view.site_target', {
            ...depthParams(r.target_mm, system, t, lang),
            share: pct(r.site.respectConsigneAbattement, lang),
          })
        : t('app.results_view.site_no_target'),
    );
  return parts.join(' ');
}

/**
 * The climate-stress table: the site under the reference rain, then under each factor of more rain, its
 * abattement, rainy days meeting the target and water to the sewer; null when the results have none.
 */
export function stressTable(
  r: AbattementView,
  system: UnitSystem,
  t: T,
  lang: string,
): { head: string[]; rows: string[][] } | null {
  if (!r.stress?.length || !r.site) return null;
  const head = [
    t('app.stress.rain'),
    t('app.results_view.annual'),
    t('app.results_view.target_met'),
    t('app.results_view.to_sewer'),
  ];
  const row = (label: string, x: StressView['site']) => [
    label,
    pctCell(x.abattement, lang),
    pctCell(x.respectConsigneAbattement, lang),
    volumeText(x.to_sewer_m3_per_year, system, t, lang),
  ];
  return {
    head,
    rows: [
      row(t('app.stress.reference'), {
        abattement: r.site.abattement,
        respectConsigneAbattement: r.site.respectConsigneAbattement ?? Number.NaN,
        to_sewer_m3_per_year: r.site.to_sewer_m3_per_year ?? Number.NaN,
      }),
      ...r.stress.map((x) =>
        row(t('app.stress.more', { percent: numberText((x.rain_factor - 1) * 100, lang, 0) }), x.site),
      ),
    ],
  };
}

/** A figure of a `formulas` calculation, as stored with the results. */
export interface FigureView {
  key: string;
  label: string; // message key
  value: number;
  unit?: string; // message key
  digits?: number;
}

/** A figure as text: its value in the reader's language, then its unit; a dash when it is not a number. */
export function figureText(
  value: unknown,
  unit: string | undefined,
  digits: number,
  t: T,
  lang: string,
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  return `${numberText(value, lang, digits)}${unit ? ` ${t(unit)}` : ''}`;
}

/** The summary table: a row per roof and one for the whole site, annual figures, volumes per year. */
export function summaryTable(
  r: AbattementView,
  system: UnitSystem,
  t: T,
  lang: string,
): { head: string[]; rows: string[][] } {
  const head = [
    t('app.results_view.surface'),
    t('app.results_view.annual'),
    t('app.results_view.on_roof'),
    t('app.results_view.target_met'),
    t('app.results_view.rain'),
    t('app.results_view.evapotranspired'),
    t('app.results_view.downstream'),
    t('app.results_view.to_sewer'),
  ];
  const v = (m3: number | undefined) => volumeText(m3, system, t, lang);
  const rows = r.toitureResults.map((x) => [
    x.toiture.name,
    pctCell(x.annual?.abattement, lang),
    pctCell(x.annual?.own, lang),
    pctCell(x.annual?.respectConsigneAbattement, lang),
    v(x.volumes?.water_m3),
    v(x.volumes?.own_m3),
    v(x.volumes?.downstream_m3),
    v(x.volumes?.to_sewer_m3),
  ]);
  if (r.site)
    rows.push([
      t('app.results_view.site'),
      pctCell(r.site.abattement, lang),
      '–',
      pctCell(r.site.respectConsigneAbattement, lang),
      v(r.site.precipitation_m3_per_year),
      v(r.site.et_m3_per_year),
      v(r.site.infiltration_m3_per_year),
      v(r.site.to_sewer_m3_per_year),
    ]);
  return { head, rows };
}

/** A roof's twelve months: retention, of which on the roof, and the target met. */
export function monthlyTable(
  roof: RoofView,
  months: string[],
  t: T,
  lang: string,
): { head: string[]; rows: string[][] } {
  const m = roof.monthlyResults;
  const rows = [
    [t('app.charts.abattement'), ...m.map((x) => numberText(x.abattement, lang, 1, true))],
    ...(m.every((x) => x.own !== undefined)
      ? [[t('app.results_view.on_roof'), ...m.map((x) => numberText(x.own, lang, 1, true))]]
      : []),
    [t('app.note_page.target_met'), ...m.map((x) => numberText(x.respectConsigneAbattement, lang, 1, true))],
  ];
  return { head: ['', ...months], rows };
}

/** The station's rainfall by month: height and rainy days. */
export function rainfallTable(
  r: AbattementView,
  months: string[],
  t: T,
  lang: string,
): { head: string[]; rows: string[][] } {
  return {
    head: ['', ...months],
    rows: [
      [t('app.charts.rain'), ...r.pluviometrie.map((x) => numberText(x.pluie_precipite, lang, 1, true))],
      [
        t('app.charts.rainy_days'),
        ...r.pluviometrie.map((x) => numberText(x.evenements_pluvieux, lang, 1, true)),
      ],
    ],
  };
}
