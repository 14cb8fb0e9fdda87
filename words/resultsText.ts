import { toDisplay, unitKey } from '../engine/units';
import type { UnitSystem } from '../engine';
import { monthNames } from './dates';
import { numberText } from './numberText';
import type { AbattementResults, GroundsResult, RoofResult, StressSite, Volumes } from './results/abattement';

/**
 * The abattement results (their contract: server/calc/abattement/results.schema.json) as text for
 * reading: the summary table, the verdicts and the monthly tables,
 * shared by the results page, the Excel file and the PDF note so that all three say the same thing in
 * the same words (the messages files) and the same numbers (formatted for the reader's language, in the
 * project's unit system).
 */
type T = (key: string, params?: Record<string, unknown>) => string;

/** True for results that carry the annual figures (computed with method 2.0 or later). */
export function hasSummary(r: AbattementResults): boolean {
  return r.toitureResults.every((x) => x.annual && x.volumes) && r.site !== undefined;
}

/** A yearly volume with its unit: m³, or US gallons when the project is imperial. */
export function volumeText(m3: number | undefined, system: UnitSystem, t: T, lang: string): string {
  if (m3 === undefined) return '–';
  const { value, decimals } = shownVolume(m3, system);
  return `${numberText(value, lang, decimals)} ${t(unitKey('volume_m3', system)!)}`;
}

/** A volume as it is written: in the system's unit, rounded to the decimals it is written with. */
function shownVolume(m3: number, system: UnitSystem): { value: number; decimals: number } {
  const v = toDisplay(m3, 'volume_m3', system) as number;
  // small volumes keep a second decimal; nothing at all is written 0,0, not 0,00 (a sum beside it would
  // take that second decimal: 145,10 beside 145,1)
  const decimals = system === 'IMPERIAL' ? 0 : v !== 0 && Math.abs(v) < 10 ? 2 : 1;
  return { value: Number(v.toFixed(decimals)), decimals };
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
  const decimals = system === 'IMPERIAL' ? 3 : 1;
  const v = toDisplay(mm, 'length_mm', system) as number;
  return {
    depth: `${numberText(v, lang, decimals)} ${t(unitKey('length_mm', system)!)}`,
    count: Number(v.toFixed(decimals)),
  };
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
  roof: RoofResult,
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

/**
 * What a roof does with the water the surfaces spilling onto it send (method 3.0): received, retained,
 * passed on, apart from its own rain; empty when it receives none.
 */
export function upstreamText(roof: RoofResult, system: UnitSystem, t: T, lang: string): string {
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
export function verdictRules(r: AbattementResults, system: UnitSystem, t: T, lang: string): string[] {
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
export function imposedVolumeText(r: AbattementResults, system: UnitSystem, t: T, lang: string): string[] {
  const s = r.site;
  if (!s || typeof s.imposed_volume_m3 !== 'number' || typeof s.imposed_volume_free_share !== 'number')
    return [];
  const months = monthNames(lang);
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
export function seriesCheckText(r: AbattementResults, system: UnitSystem, t: T, lang: string): string {
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
export function siteVerdict(r: AbattementResults, system: UnitSystem, t: T, lang: string): string {
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
  r: AbattementResults,
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
  const row = (label: string, x: StressSite) => [
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

/** One row of the summary in figures: shares in %, volumes in m³ per year. */
export interface SummaryRow {
  /** a surface's name, or the message that names the row */
  label: string;
  abattement: number | undefined;
  own: number | undefined;
  target: number | undefined;
  volumes: Volumes | undefined;
  /** a roof's water received from the surfaces spilling onto it (method 3.0), when any do */
  received_m3?: number;
  total: boolean;
}

/**
 * The grounds' row: from the results when they carry it; for results computed before, what the site
 * has beyond its roofs (the site's rain and sewer less the roofs'), so that the rows still add up.
 */
function groundsOf(r: AbattementResults): Pick<GroundsResult, 'names' | 'abattement' | 'volumes'> | null {
  if (r.grounds !== undefined) return r.grounds;
  if (!r.site || r.site.precipitation_m3_per_year === undefined || r.site.to_sewer_m3_per_year === undefined)
    return null;
  const roofs = (k: keyof Volumes) => r.toitureResults.reduce((x, y) => x + (y.volumes?.[k] ?? 0), 0);
  const water = r.site.precipitation_m3_per_year - roofs('water_m3');
  if (water < 0.05) return null;
  const sewer = Math.max(0, r.site.to_sewer_m3_per_year - roofs('to_sewer_m3'));
  return {
    names: [],
    abattement: (100 * (water - Math.min(water, sewer))) / water,
    volumes: { water_m3: water, own_m3: Math.max(0, water - sewer), downstream_m3: 0, to_sewer_m3: sewer },
  };
}

/**
 * The summary in figures: a row per roof, one for the rain that fell on the grounds, then the whole
 * site, whose volumes are the sums of the rows above (each row splits its own rain: kept where it fell,
 * kept downstream, to the sewer), so that a reader adding the column finds the site's figure.
 */
export function summaryRows(r: AbattementResults, t: T): SummaryRow[] {
  const rows: SummaryRow[] = r.toitureResults.map((x) => ({
    label: x.toiture.name,
    abattement: x.annual?.abattement,
    own: x.annual?.own,
    target: x.annual?.respectConsigneAbattement,
    volumes: x.volumes,
    ...(x.upstream ? { received_m3: x.upstream.received_m3 } : {}),
    total: false,
  }));
  const g = groundsOf(r);
  if (g)
    rows.push({
      label: g.names.length
        ? t('app.results_view.grounds', { names: g.names.join(', '), count: g.names.length })
        : t('app.results_view.grounds_unnamed'),
      abattement: g.abattement,
      own: undefined,
      target: undefined,
      volumes: g.volumes,
      total: false,
    });
  if (r.site) {
    const sum = (k: keyof Volumes) => rows.reduce((x, y) => x + (y.volumes?.[k] ?? 0), 0);
    rows.push({
      label: t('app.results_view.site'),
      abattement: r.site.abattement,
      own: undefined,
      target: r.site.respectConsigneAbattement,
      volumes: {
        water_m3: sum('water_m3'),
        own_m3: sum('own_m3'),
        downstream_m3: sum('downstream_m3'),
        to_sewer_m3: sum('to_sewer_m3'),
      },
      total: true,
    });
  }
  return rows;
}

/** The summary's column headings (volumes without their unit: each cell carries it). */
export function summaryHead(t: T): string[] {
  return [
    t('app.results_view.surface'),
    t('app.results_view.annual'),
    t('app.results_view.on_roof'),
    t('app.results_view.target_met'),
    t('app.results_view.rain'),
    t('app.results_view.retained_here'),
    t('app.results_view.retained_downstream'),
    t('app.results_view.to_sewer'),
  ];
}

/**
 * The line under the summary: the site row is the sum of the rows above, and what the site's water
 * becomes (evapotranspired, infiltrated) in the project's units; empty for results without those figures.
 */
export function siteSumText(r: AbattementResults, system: UnitSystem, t: T, lang: string): string {
  if (r.site?.et_m3_per_year === undefined || r.site.infiltration_m3_per_year === undefined) return '';
  return t('app.results_view.site_sum', {
    et: volumeText(r.site.et_m3_per_year, system, t, lang),
    infiltrated: volumeText(r.site.infiltration_m3_per_year, system, t, lang),
  });
}

/** The summary table: a row per roof, the grounds, and the whole site; annual figures, volumes per year. */
export function summaryTable(
  r: AbattementResults,
  system: UnitSystem,
  t: T,
  lang: string,
): { head: string[]; rows: string[][] } {
  const figures = summaryRows(r, t);
  const parts = figures.filter((x) => !x.total);
  const unit = t(unitKey('volume_m3', system)!);
  // A part's volume as written; the total's is the sum of what its parts write, so that the column adds
  // up to the last digit shown.
  // Every decimal written (513,0 beside 323,9), so that the column lines up.
  const v = (x: SummaryRow, k: keyof Volumes) => {
    const m3 = x.volumes?.[k];
    if (!x.total) {
      if (m3 === undefined) return '–';
      const { value, decimals } = shownVolume(m3, system);
      return `${numberText(value, lang, decimals, true)} ${unit}`;
    }
    const shown = parts.map((p) => shownVolume(p.volumes?.[k] ?? 0, system));
    const decimals = Math.max(0, ...shown.map((s) => s.decimals));
    const sum = shown.reduce((a, s) => a + s.value, 0);
    return `${numberText(sum, lang, decimals, true)} ${unit}`;
  };
  const rows = figures.map((x) => [
    x.label,
    pctCell(x.abattement, lang),
    pctCell(x.own, lang),
    pctCell(x.target, lang),
    v(x, 'water_m3'),
    v(x, 'own_m3'),
    v(x, 'downstream_m3'),
    v(x, 'to_sewer_m3'),
  ]);
  return { head: summaryHead(t), rows };
}

/** A roof's twelve months: retention, of which on the roof, and the target met. */
export function monthlyTable(
  roof: RoofResult,
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
  r: AbattementResults,
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
