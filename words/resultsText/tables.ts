import type { FigureWriter } from '../figures';
import { numberText } from '../numberText';
import type {
  AbattementResults,
  GroundsResult,
  RoofResult,
  StressSite,
  Volumes,
} from '../results/abattement';

/**
 * The abattement results' tables as text: the summary, the climate stress, the monthly series and the
 * rainfall (index.ts says what they are shared by).
 */
type T = (key: string, params?: Record<string, unknown>) => string;

/** The labels of the rainfall series: its height in the project's unit, rainy days (>= 1 mm, or in). */
export function rainLabels(w: FigureWriter, t: T): { rain: string; days: string } {
  return {
    rain: t('app.charts.rain', { unit: w.unit('rain') }),
    days: t('app.charts.rainy_days', { depth: w.text('depth', 1) }),
  };
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

/**
 * What the climate-stress table says above it: what it is, and, when more rain raises the share of rainy
 * days meeting the target, why (sens12): the rule judges each day on the whole site's volume, so a surface
 * that keeps little misses the site every day of rain below the depth while, on a day just above it, the
 * others keep more than the depth and make up for it; more rain lifts such days above the threshold.
 */
export function stressWords(r: AbattementResults, w: FigureWriter, t: T): string[] {
  const share = r.site?.respectConsigneAbattement;
  const rises =
    typeof share === 'number' &&
    r.target_mm !== null &&
    (r.stress ?? []).some((x) => x.site.respectConsigneAbattement > share);
  return [
    t('app.stress.intro'),
    ...(rises ? [t('app.stress.share_rises', { depth: w.text('depth', r.target_mm!) })] : []),
  ];
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
