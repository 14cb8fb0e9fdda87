import { monthNamesInText } from '../dates';
import type { FigureWriter } from '../figures';
import { numberText } from '../numberText';
import type { AbattementResults, RoofResult } from '../results/abattement';

/**
 * The abattement results' verdicts as text: a roof's, the site's, the rules they follow, the imposed
 * volume, the series check (index.ts says what they are shared by).
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
