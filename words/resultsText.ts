import { monthNamesInText } from './dates';
import type { FigureWriter } from './figures';
import { numberText } from './numberText';
import type { AbattementResults, GroundsResult, RoofResult, StressSite, Volumes } from './results/abattement';

/**
 * The abattement results (their contract: server/calc/abattement/results.schema.json) as text for
 * reading: the summary table, the verdicts and the monthly tables, shared by the results page, the
 * Excel file and the PDF note so that all three say the same thing in the same words (the messages
 * files) and the same numbers: each figure written by its bundle's format (words/figures.ts; the formats
 * named in CONTRACT_FORMATS.abattement), in the project's unit system.
 */
type T = (key: string, params?: Record<string, unknown>) => string;

/** True for results that carry the annual figures (computed with method 2.0 or later). */
export function hasSummary(r: AbattementResults): boolean {
  return r.toitureResults.every((x) => x.annual && x.volumes) && r.site !== undefined;
}

/**
 * A depth as a message's parameters: `depth` its text, `count` the number written, so that the message
 * agrees with it ("le premier 1 po de pluie est retenu", "les premiers 8 mm … sont retenus").
 */
export function depthParams(mm: number, w: FigureWriter): { depth: string; count: number } {
  return { depth: w.text('depth', mm), count: w.value('depth', mm) ?? 0 };
}

/** The labels of the rainfall series: its height in the project's unit, rainy days (>= 1 mm, or in). */
export function rainLabels(w: FigureWriter, t: T): { rain: string; days: string } {
  return {
    rain: t('app.charts.rain', { unit: w.unit('rain') }),
    days: t('app.charts.rainy_days', { depth: w.text('depth', 1) }),
  };
}

/**
 * What a roof's results mean against the site's target: "the first 8 mm are retained on 97 % of rainy
 * days", or, with no target, how often nothing reaches the sewer.
 */
export function roofVerdict(
  roof: RoofResult,
  targetMm: number | null | undefined,
  w: FigureWriter,
  t: T,
): string {
  const share = roof.annual?.respectConsigneAbattement;
  if (share === undefined) return '';
  const name = roof.toiture.name;
  return typeof targetMm === 'number'
    ? t('app.results_view.verdict_target', {
        name,
        ...depthParams(targetMm, w),
        share: w.text('share', share),
      })
    : t('app.results_view.verdict_none', { name, share: w.text('share', share) });
}

/**
 * What a roof does with the water the surfaces spilling onto it send (method 3.0): received, retained,
 * passed on, apart from its own rain; empty when it receives none.
 */
export function upstreamText(roof: RoofResult, w: FigureWriter, t: T): string {
  const u = roof.upstream;
  if (!u) return '';
  return t('app.results_view.upstream', {
    name: roof.toiture.name,
    received: w.text('volume', u.received_m3),
    retained: w.text('volume', u.retained_m3),
    share: w.text('share', u.retained_share),
    passed: w.text('volume', u.passed_m3),
  });
}

/**
 * The rules the verdicts follow: the site's target judged day by day on the site's own volumes (roofs
 * and grounds), and each roof judged on its own rain, what it receives apart.
 */
export function verdictRules(r: AbattementResults, w: FigureWriter, t: T): string[] {
  if (!r.site || r.site.area_m2 === undefined) return [];
  const area = w.text('area', r.site.area_m2);
  return [
    typeof r.target_mm === 'number'
      ? t('app.results_view.site_target_rule', { depth: w.text('depth', r.target_mm), area })
      : t('app.results_view.site_no_target_rule', { area }),
    t('app.results_view.roof_rule'),
  ];
}

/**
 * How often the imposed retention volume (method 3.0) is free when the rain starts, its driest and
 * wettest months; empty when the project imposes none. Its verdict (met or not, against the share the
 * rule asks) is the bundle's declared verdict (words/verdicts.ts).
 */
export function imposedVolumeText(r: AbattementResults, w: FigureWriter, t: T): string[] {
  const s = r.site;
  if (!s || typeof s.imposed_volume_m3 !== 'number' || typeof s.imposed_volume_free_share !== 'number')
    return [];
  // mid-sentence: 'en mars', not a heading's 'Mars'
  const months = monthNamesInText(w.lang);
  const byMonth = s.imposed_volume_free_share_by_month ?? [];
  const low = byMonth.indexOf(Math.min(...byMonth));
  const high = byMonth.indexOf(Math.max(...byMonth));
  return [
    t('app.results_view.imposed_volume', {
      volume: w.text('typed_volume', s.imposed_volume_m3),
      share: w.text('share', s.imposed_volume_free_share),
      low: w.text('share', byMonth[low]),
      lowMonth: months[low] ?? '',
      high: w.text('share', byMonth[high]),
      highMonth: months[high] ?? '',
    }),
  ];
}

/**
 * The series against the heavy-rain days of the station's normals, which the generator is not fitted
 * to: the note's limits say it (method 3.0); empty when the normals publish none.
 */
export function seriesCheckText(r: AbattementResults, w: FigureWriter, t: T): string {
  const c = r.series_check;
  if (!c) return '';
  return t(`app.results_view.series_check_${c.kind}`, {
    station: r.station?.name ?? '',
    depth: w.text('depth', c.threshold_mm),
    series: w.number('days', c.series_days),
    normal: w.number('days', c.normal_days),
    bias: `${c.bias > 0 ? '+' : ''}${numberText(c.bias, w.lang, 0)} %`,
  });
}

/**
 * The site's annual retention by volume; without a target, that none is set. The target met on how many
 * rainy days is the target's verdict (words/verdicts.ts), or, for results computed before it (method
 * 3.0), a sentence here.
 */
export function siteVerdict(r: AbattementResults, w: FigureWriter, t: T): string {
  if (!r.site) return '';
  const parts = [t('app.results_view.site_retention', { share: w.text('share', r.site.abattement) })];
  if (typeof r.target_mm !== 'number') parts.push(t('app.results_view.site_no_target'));
  else if (r.site.target_met === undefined && r.site.respectConsigneAbattement !== undefined)
    parts.push(
      t('app.results_view.site_target', {
        ...depthParams(r.target_mm, w),
        share: w.text('share', r.site.respectConsigneAbattement),
      }),
    );
  return parts.join(' ');
}

/**
 * The climate-stress table: the site under the reference rain, then under each factor of more rain, its
 * abattement, rainy days meeting the target and water to the sewer; null when the results have none.
 */
export function stressTable(
  r: AbattementResults,
  w: FigureWriter,
  t: T,
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
    w.text('share', x.abattement),
    w.text('share', x.respectConsigneAbattement),
    w.text('volume', x.to_sewer_m3_per_year),
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
        row(t('app.stress.more', { percent: numberText((x.rain_factor - 1) * 100, w.lang, 0) }), x.site),
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
  /** the row's volumes; the snow's row has its water only */
  volumes: Partial<Volumes> | undefined;
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
 * The summary in figures: a row per roof, one for the rain that fell on the grounds, one for the snow
 * still lying at the end of the series (the part of the site's rain no surface's row counts, method
 * 3.1), then the whole site: its own figures where the results give them (its rain, what reaches the
 * sewer: one figure, one value, issue 36), else the sums of the rows above before rounding.
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
  const snow = r.site?.snow_end_m3_per_year;
  if (typeof snow === 'number' && snow > 0)
    rows.push({
      label: t('app.results_view.snow_row', { years: r.years }),
      abattement: undefined,
      own: undefined,
      target: undefined,
      volumes: { water_m3: snow },
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
        water_m3: r.site.precipitation_m3_per_year ?? sum('water_m3'),
        own_m3: sum('own_m3'),
        downstream_m3: sum('downstream_m3'),
        to_sewer_m3: r.site.to_sewer_m3_per_year ?? sum('to_sewer_m3'),
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
 * The line under the summary: the site row is the sum of the rows above (before rounding), and what the
 * site's water becomes (evapotranspired, infiltrated); empty for results without those figures.
 */
export function siteSumText(r: AbattementResults, w: FigureWriter, t: T): string {
  if (r.site?.et_m3_per_year === undefined || r.site.infiltration_m3_per_year === undefined) return '';
  return t('app.results_view.site_sum', {
    et: w.text('volume', r.site.et_m3_per_year),
    infiltrated: w.text('volume', r.site.infiltration_m3_per_year),
  });
}

/**
 * The summary table: a row per roof, the grounds, the snow left, and the whole site; annual figures,
 * volumes per year, each written by its format.
 */
export function summaryTable(
  r: AbattementResults,
  w: FigureWriter,
  t: T,
): { head: string[]; rows: string[][] } {
  const rows = summaryRows(r, t).map((x) => [
    x.label,
    w.text('share', x.abattement),
    w.text('share', x.own),
    w.text('share', x.target),
    w.text('volume', x.volumes?.water_m3),
    w.text('volume', x.volumes?.own_m3),
    w.text('volume', x.volumes?.downstream_m3),
    w.text('volume', x.volumes?.to_sewer_m3),
  ]);
  return { head: summaryHead(t), rows };
}

/** A roof's twelve months: retention, of which on the roof, and the target met. */
export function monthlyTable(
  roof: RoofResult,
  months: string[],
  w: FigureWriter,
  t: T,
): { head: string[]; rows: string[][] } {
  const m = roof.monthlyResults;
  const rows = [
    [t('app.charts.abattement'), ...m.map((x) => w.number('share', x.abattement))],
    ...(m.every((x) => x.own !== undefined)
      ? [[t('app.results_view.on_roof'), ...m.map((x) => w.number('share', x.own))]]
      : []),
    [t('app.note_page.target_met'), ...m.map((x) => w.number('share', x.respectConsigneAbattement))],
  ];
  return { head: ['', ...months], rows };
}

/** The station's rainfall by month: height (in the project's units) and rainy days. */
export function rainfallTable(
  r: AbattementResults,
  months: string[],
  w: FigureWriter,
  t: T,
): { head: string[]; rows: string[][] } {
  const labels = rainLabels(w, t);
  return {
    head: ['', ...months],
    rows: [
      [labels.rain, ...r.pluviometrie.map((x) => w.number('rain', x.pluie_precipite))],
      [labels.days, ...r.pluviometrie.map((x) => w.number('days', x.evenements_pluvieux))],
    ],
  };
}
