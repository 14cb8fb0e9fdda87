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
  /** the water received from the surfaces spilling onto it (method 3.0), null when none do */
  upstream?: { received_m3: number; retained_m3: number; passed_m3: number; retained_share: number } | null;
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
    /** the area the site's target applies to, roofs and grounds (method 3.0) */
    area_m2?: number;
    imposed_volume_m3?: number | null;
    imposed_volume_free_share?: number | null;
    imposed_volume_free_share_by_month?: number[] | null;
    imposed_volume_min_free_share?: number | null;
    imposed_volume_met?: boolean | null;
  };
  /** the series against the heavy-rain days of the normals (method 3.0) */
  series_check?: {
    threshold_mm: number;
    kind: 'precipitation' | 'rain';
    series_days: number;
    normal_days: number;
    bias: number;
  } | null;
  station?: { name: string };
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

/**
 * A volume the user typed (the imposed volume), as the form shows it: at the form's precision (up to 3
 * decimals of m³, whole US gallons), so that the verdict quotes the figure typed.
 */
export function inputVolumeText(m3: number, system: UnitSystem, t: T, lang: string): string {
  const v = toDisplay(m3, 'volume_m3', system) as number;
  return `${numberText(v, lang, 3)} ${t(unitKey('volume_m3', system)!)}`;
}

/**
 * A depth with its unit: mm (one decimal), or inches at the form's precision (3 decimals) when the
 * project is imperial, so that a target typed as 0.197 in reads 0.197 in everywhere.
 */
export function depthText(mm: number, system: UnitSystem, t: T, lang: string): string {
  const v = toDisplay(mm, 'length_mm', system) as number;
  return `${numberText(v, lang, system === 'IMPERIAL' ? 3 : 1)} ${t(unitKey('length_mm', system)!)}`;
}

/** An area with its unit: m², or ft² when the project is imperial (whole units). */
export function areaText(m2: number, system: UnitSystem, t: T, lang: string): string {
  const v = toDisplay(m2, 'area_m2', system) as number;
  return `${numberText(v, lang, 0)} ${t(unitKey('area_m2', system)!)}`;
}

/** A month's rain normal in the project's units: mm to one decimal, inches to two. */
export function rainValue(mm: number, system: UnitSystem): number {
  return system === 'IMPERIAL'
    ? (toDisplay(mm, 'length_mm', system, 2) as number)
    : (toDisplay(mm, 'length_mm', system, 1) as number);
}

/** The decimals of a month's rain normal in the project's units. */
export const rainDecimals = (system: UnitSystem): number => (system === 'IMPERIAL' ? 2 : 1);

/** The labels of the rainfall series: its height in the project's unit, rainy days (>= 1 mm, or in). */
export function rainLabels(system: UnitSystem, t: T, lang: string): { rain: string; days: string } {
  return {
    rain: t('app.charts.rain', { unit: t(unitKey('length_mm', system)!) }),
    days: t('app.charts.rainy_days', { depth: depthText(1, system, t, lang) }),
  };
}

const pct = (x: number | undefined, lang: string) =>
  x === undefined || !Number.isFinite(x) ? '–' : `${numberText(x, lang)} %`;
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
        depth: depthText(targetMm, system, t, lang),
        share: pct(share, lang),
      })
    : t('app.results_view.verdict_none', { name, share: pct(share, lang) });
}

/**
 * What a roof does with the water the surfaces spilling onto it send (method 3.0): received, retained,
 * passed on, apart from its own rain; empty when it receives none.
 */
export function upstreamText(roof: RoofView, system: UnitSystem, t: T, lang: string): string {
  const u = roof.upstream;
  if (!u) return '';
  return t('app.results_view.upstream', {
    name: roof.toiture.name,
    received: volumeText(u.received_m3, system, t, lang),
    retained: volumeText(u.retained_m3, system, t, lang),
    share: pct(u.retained_share, lang),
    passed: volumeText(u.passed_m3, system, t, lang),
  });
}

/**
 * The rules the verdicts follow: the site's target judged day by day on the site's own volumes (roofs
 * and grounds), and each roof judged on its own rain, what it receives apart.
 */
export function verdictRules(r: AbattementView, system: UnitSystem, t: T, lang: string): string[] {
  if (!r.site || r.site.area_m2 === undefined) return [];
  const area = areaText(r.site.area_m2, system, t, lang);
  return [
    typeof r.target_mm === 'number'
      ? t('app.results_view.site_target_rule', { depth: depthText(r.target_mm, system, t, lang), area })
      : t('app.results_view.site_no_target_rule', { area }),
    t('app.results_view.roof_rule'),
  ];
}

/**
 * The imposed retention volume's verdict and its rule (method 3.0): the share of rainy days on which it is
 * free when the rain starts, its driest and wettest months, against the share the rule asks; empty when
 * the project imposes none.
 */
export function imposedVolumeText(r: AbattementView, system: UnitSystem, t: T, lang: string): string[] {
  const s = r.site;
  if (!s || typeof s.imposed_volume_m3 !== 'number' || typeof s.imposed_volume_free_share !== 'number')
    return [];
  const months = t('app.charts.months', { returnObjects: true }) as unknown as string[];
  const byMonth = s.imposed_volume_free_share_by_month ?? [];
  const low = byMonth.indexOf(Math.min(...byMonth));
  const high = byMonth.indexOf(Math.max(...byMonth));
  return [
    t('app.results_view.imposed_volume', {
      volume: inputVolumeText(s.imposed_volume_m3, system, t, lang),
      share: pct(s.imposed_volume_free_share, lang),
      low: pct(byMonth[low], lang),
      lowMonth: months[low] ?? '',
      high: pct(byMonth[high], lang),
      highMonth: months[high] ?? '',
    }),
    t(
      s.imposed_volume_met
        ? 'app.results_view.imposed_volume_met'
        : 'app.results_view.imposed_volume_not_met',
      {
        required: pct(s.imposed_volume_min_free_share ?? undefined, lang),
        capacity: volumeText(s.storage_capacity_m3, system, t, lang),
      },
    ),
  ];
}

/**
 * The series against the heavy-rain days of the station's normals, which the generator is not fitted
 * to: the note's limits say it (method 3.0); empty when the normals publish none.
 */
export function seriesCheckText(r: AbattementView, system: UnitSystem, t: T, lang: string): string {
  const c = r.series_check;
  if (!c) return '';
  return t(`app.results_view.series_check_${c.kind}`, {
    station: r.station?.name ?? '',
    depth: depthText(c.threshold_mm, system, t, lang),
    series: numberText(c.series_days, lang, 1, true),
    normal: numberText(c.normal_days, lang, 1, true),
    bias: `${c.bias > 0 ? '+' : ''}${numberText(c.bias, lang, 0)} %`,
  });
}

/** The site's verdict: its annual retention by volume, and the target met on how many rainy days. */
export function siteVerdict(r: AbattementView, system: UnitSystem, t: T, lang: string): string {
  if (!r.site) return '';
  const parts = [t('app.results_view.site_retention', { share: pct(r.site.abattement, lang) })];
  if (r.site.respectConsigneAbattement !== undefined)
    parts.push(
      typeof r.target_mm === 'number'
        ? t('app.results_view.site_target', {
            depth: depthText(r.target_mm, system, t, lang),
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

/** The station's rainfall by month: height (in the project's units) and rainy days. */
export function rainfallTable(
  r: AbattementView,
  months: string[],
  system: UnitSystem,
  t: T,
  lang: string,
): { head: string[]; rows: string[][] } {
  const labels = rainLabels(system, t, lang);
  return {
    head: ['', ...months],
    rows: [
      [
        labels.rain,
        ...r.pluviometrie.map((x) =>
          numberText(rainValue(x.pluie_precipite, system), lang, rainDecimals(system), true),
        ),
      ],
      [labels.days, ...r.pluviometrie.map((x) => numberText(x.evenements_pluvieux, lang, 1, true))],
    ],
  };
}
