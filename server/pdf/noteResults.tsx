import { Image, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { UnitSystem } from '../../engine';
import {
  depthParams,
  depthText,
  hasSummary,
  imposedVolumeText,
  monthlyTable,
  rainfallTable,
  roofVerdict,
  siteSumText,
  siteVerdict,
  stressTable,
  summaryTable,
  upstreamText,
  verdictRules,
  volumeText,
} from '../../words/resultsText';
import { figureText, numberText } from '../../words/numberText';
import {
  isAbattementResults,
  isFlowLimiterResults,
  isFormulasResults,
  type AbattementResults,
  type FlowLimiterResults,
  type Results,
} from '../../words/results';
import { Bars, MonthTable, s, sizeText, tableBlocks, type Block } from './noteParts';

type T = (k: string, p?: Record<string, unknown>) => string;
type Charts = { pluviometrie: string | null; toitures: (string | null)[] } | undefined;

/** Roofs whose verdict the cover lists; beyond, it points to the results section. */
const COVER_ROOFS = 6;

/** The verdict of a flow-limiter result with each finding in words (method 1.2 on), or null before. */
function slVerdict(r: FlowLimiterResults, t: T): ReactNode {
  const v = r.verdict;
  if (!v) return null;
  return (
    <>
      <Text style={{ fontFamily: 'Helvetica-Bold' }}>{t(`app.verdict.${v.status}`)}</Text>
      {v.status === 'conform' ? <Text>{t('app.note_cover.conform')}</Text> : null}
      {v.findings.map((f, i) => (
        <Text key={`${f.code}-${i}`} style={s.bullet}>
          • {f.severity === 'not_conform' ? t('app.verdict.blocking') : t('app.verdict.reservation')}{' '}
          {t(f.message, f.params)}
        </Text>
      ))}
    </>
  );
}

const paramOf = (
  r: { parameters?: { name: string; value: unknown }[] },
  name: string,
): number | undefined => {
  const v = r.parameters?.find((p) => p.name === name)?.value;
  return typeof v === 'number' ? v : undefined;
};

/** The non-conformities of a flow-limiter result, as sentences (empty: conform). */
function slIssues(r: FlowLimiterResults, t: T, lang: string): string[] {
  const issues: string[] = [];
  if (r.volume_conform === false && r.limiters.every((l) => l.height_conform !== false))
    issues.push(t('app.note_cover.issue_volume'));
  for (const l of r.limiters)
    if (l.height_conform === false)
      issues.push(
        t('app.note_cover.issue_height', { roof: l.roof_name, height: numberText(l.height_max, lang) }),
      );
  if (r.retention_conform === false)
    issues.push(t('app.note_cover.issue_emptying', { hours: paramOf(r, 'max_emptying_hours') ?? 48 }));
  if (r.leakage_conform === false)
    issues.push(t('app.note_cover.issue_leakage', { excess: numberText(r.leakage_excess_pct, lang) }));
  return issues;
}

/** The cover's target line and verdict with its key figures. */
export function coverVerdict(results: Results | null, t: T, system: UnitSystem, lang: string): ReactNode {
  if (!results) return <Text style={s.verdict}>{t('app.note_cover.not_calculated')}</Text>;
  if (isFormulasResults(results))
    return (
      <View>
        <Text style={s.h3}>{t('app.note_cover.key_figures')}</Text>
        {figuresBlocks(results, t, lang).map((b) => b.node)}
      </View>
    );
  if (isFlowLimiterResults(results)) {
    const r = results;
    const issues = slIssues(r, t, lang);
    const count = r.limiters.reduce((x, l) => x + l.count, 0);
    const emptying = Math.max(...r.limiters.map((l) => l.emptying_hours ?? 0));
    const m3 = (x: number) => `${numberText(x, lang, 4)} ${t('units.m3')}`;
    const figures: [string, string][] = [
      [t('app.note_cover.volume'), m3(r.max_volume)],
      ...(typeof r.method_volume === 'number'
        ? ([[t('app.note_cover.method_volume'), m3(r.method_volume)]] as [string, string][])
        : []),
      ...(typeof r.imposed_volume === 'number'
        ? ([[t('app.note_cover.imposed_volume'), m3(r.imposed_volume)]] as [string, string][])
        : []),
      [
        t(r.routing ? 'app.note_cover.routed_peak' : 'app.note_cover.leakage'),
        `${numberText(r.max_leakage, lang, 4)} ${t('units.l_s')} (${numberText(r.lsha, lang, 2)} ${t('units.l_s_ha')})`,
      ],
      [t('app.note_cover.limiters'), numberText(count, lang, 0)],
      [t('app.note_cover.emptying'), `${numberText(emptying, lang)} ${t('app.param_units.h')}`],
    ];
    return (
      <View>
        {r.leakage_rate_l_s_ha !== undefined ? (
          <Text>
            {t('app.note_cover.leakage_rate', {
              rate: numberText(r.leakage_rate_l_s_ha, lang, 2),
              qf: numberText(r.allowed_leakage_l_s, lang, 4),
            })}
          </Text>
        ) : null}
        <View style={s.verdict}>
          <Text style={s.h3}>{t('app.note_cover.verdict')}</Text>
          {r.verdict ? (
            slVerdict(r, t)
          ) : issues.length === 0 ? (
            <Text>{t('app.note_cover.conform')}</Text>
          ) : (
            <>
              <Text>{t('app.note_cover.not_conform')}</Text>
              {issues.map((x) => (
                <Text key={x} style={s.bullet}>
                  • {x}
                </Text>
              ))}
            </>
          )}
        </View>
        <Text style={s.h3}>{t('app.note_cover.key_figures')}</Text>
        {figures.map(([k, v]) => (
          <View key={k} style={s.row}>
            <Text style={s.label}>{k}</Text>
            <Text style={s.value}>{v}</Text>
          </View>
        ))}
      </View>
    );
  }
  if (!isAbattementResults(results)) return null;
  const r = results;
  const target = typeof r.target_mm === 'number' ? r.target_mm : null;
  const roofs = r.toitureResults;
  return (
    <View>
      <Text>
        {target !== null
          ? t('app.note_cover.target_depth', depthParams(target, system, t, lang))
          : t('app.note_cover.no_target')}
      </Text>
      <View style={s.verdict}>
        <Text style={s.h3}>{t('app.note_cover.verdict')}</Text>
        {hasSummary(r) ? (
          <>
            <Text>{siteVerdict(r, system, t, lang)}</Text>
            {imposedVolumeText(r, system, t, lang).map((x) => (
              <Text key={x}>{x}</Text>
            ))}
            {roofs.slice(0, COVER_ROOFS).map((x) => (
              <Text key={x.toiture.name} style={s.bullet}>
                • {roofVerdict(x, target, system, t, lang)}
                {x.upstream ? ` ${upstreamText(x, system, t, lang)}` : ''}
              </Text>
            ))}
            {roofs.length > COVER_ROOFS ? (
              <Text style={s.bullet}>
                {t('app.note_cover.more_roofs', { count: roofs.length - COVER_ROOFS })}
              </Text>
            ) : null}
            {verdictRules(r, system, t, lang).map((x) => (
              <Text key={x} style={s.small}>
                {x}
              </Text>
            ))}
          </>
        ) : (
          <Text>{t('app.results_view.old_results')}</Text>
        )}
      </View>
      {hasSummary(r) ? (
        <>
          <Text style={s.h3}>{t('app.note_cover.key_figures')}</Text>
          {(
            [
              [t('app.results_view.annual'), `${numberText(r.site!.abattement, lang)} %`],
              [t('app.results_view.rain'), volumeText(r.site!.precipitation_m3_per_year, system, t, lang)],
              [t('app.results_view.evapotranspired'), volumeText(r.site!.et_m3_per_year, system, t, lang)],
              [t('app.results_view.to_sewer'), volumeText(r.site!.to_sewer_m3_per_year, system, t, lang)],
            ] as [string, string][]
          ).map(([k, v]) => (
            <View key={k} style={s.row}>
              <Text style={s.label}>{k}</Text>
              <Text style={s.value}>{v}</Text>
            </View>
          ))}
        </>
      ) : null}
    </View>
  );
}

/** The results section of an abattement note: summary, verdicts, each roof's months, the rainfall. */
export function abattementBlocks(
  r: AbattementResults,
  t: T,
  months: string[],
  charts: Charts,
  system: UnitSystem,
  lang: string,
): Block[] {
  const blocks: Block[] = [];
  if (hasSummary(r)) {
    const table = summaryTable(r, system, t, lang);
    const rules = verdictRules(r, system, t, lang);
    const imposed = imposedVolumeText(r, system, t, lang);
    blocks.push(
      {
        lines: 3 + rules.reduce((x, y) => x + 1 + y.length / 95, 0),
        node: (
          <View key="verdict" wrap={false}>
            <Text style={s.p}>{siteVerdict(r, system, t, lang)}</Text>
            {rules.map((x) => (
              <Text key={x} style={s.p}>
                {x}
              </Text>
            ))}
          </View>
        ),
      },
      ...tableBlocks('summary', table.head, table.rows, t('app.results_view.summary')),
      {
        lines: 2,
        node: (
          <Text key="site-sum" style={s.p}>
            {siteSumText(r, system, t, lang)}
          </Text>
        ),
      },
    );
    if (imposed.length)
      blocks.push({
        lines: 2 + imposed.reduce((x, y) => x + 1 + y.length / 95, 0),
        node: (
          <View key="imposed" wrap={false}>
            {imposed.map((x) => (
              <Text key={x} style={s.p}>
                {x}
              </Text>
            ))}
          </View>
        ),
      });
  }
  const stress = stressTable(r, system, t, lang);
  if (stress)
    blocks.push(
      ...tableBlocks('stress', stress.head, stress.rows, t('app.stress.title'), t('app.stress.intro')),
    );
  r.toitureResults.forEach((x, i) => {
    const values = x.monthlyResults.map((m) => m.abattement);
    const avg = Math.floor(values.reduce((a, b) => a + b, 0) / 12);
    const table = monthlyTable(x, months, t, lang);
    blocks.push({
      lines: (charts?.toitures[i] ? 20 : 13) + 9 + (x.annual?.downstream ? 1 : 0) + (x.upstream ? 2 : 0),
      node: (
        <View key={`roof-${i}`} wrap={false}>
          <Text style={s.h3}>
            {t('app.charts.roof', { name: x.toiture.name })}
            {x.annual ? ` — ${t('app.charts.annual', { value: x.annual.abattement })}` : ''}
          </Text>
          {x.annual?.downstream ? (
            <Text>
              {t('app.charts.annual_split', { own: x.annual.own, downstream: x.annual.downstream })}
            </Text>
          ) : null}
          <Text>{roofVerdict(x, r.target_mm, system, t, lang)}</Text>
          {x.upstream ? <Text>{upstreamText(x, system, t, lang)}</Text> : null}
          <Text style={s.small}>
            {t('app.charts.average', { value: avg })}
            {typeof x.capacity_mm === 'number'
              ? ` · ${t('app.note_page.capacity', { value: depthText(x.capacity_mm, system, t, lang) })}`
              : ''}
          </Text>
          {charts?.toitures[i] ? (
            <Image style={s.image} src={charts.toitures[i]!} />
          ) : (
            <Bars values={values} average={avg} />
          )}
          <MonthTable head={table.head} rows={table.rows} />
        </View>
      ),
    });
  });
  const rain = rainfallTable(r, months, system, t, lang);
  blocks.push({
    lines: (charts?.pluviometrie ? 20 : 0) + 7,
    node: (
      <View key="rainfall" wrap={false}>
        <Text style={s.h3}>{t('app.charts.rainfall')}</Text>
        {charts?.pluviometrie ? <Image style={s.image} src={charts.pluviometrie} /> : null}
        <MonthTable head={rain.head} rows={rain.rows} />
      </View>
    ),
  });
  return blocks;
}

/** The figures of a `formulas` calculation: label, value and unit, one line each. */
export function figuresBlocks(results: Results, t: T, lang: string): Block[] {
  return (isFormulasResults(results) ? results.figures : []).map((f) => ({
    lines: 1.4,
    node: (
      <View key={f.key} style={s.row}>
        <Text style={s.label}>{t(f.label)}</Text>
        <Text style={s.value}>{figureText(f.value, f.unit, f.digits ?? 2, t, lang)}</Text>
      </View>
    ),
  }));
}

/** The results section of a flow-limiter note: the limiters, the totals, the client's files. */
export function flowLimiterBlocks(
  r: FlowLimiterResults,
  t: T,
  lang: string,
  attachments: { filename: string; size: number }[],
): Block[] {
  const routed = Boolean(r.routing);
  const head = [
    t('app.sl_results.roof'),
    t('app.sl_results.count'),
    t('app.sl_results.height_max'),
    ...(routed ? [t('app.sl_results.method_height')] : []),
    t('app.sl_results.height_total'),
    t('app.sl_results.leakage'),
  ];
  const rows = r.limiters.map((l) => [
    l.roof_name,
    numberText(l.count, lang, 0),
    numberText(l.height_max, lang),
    ...(routed ? [numberText(l.method_height_max, lang)] : []),
    numberText(l.height_total, lang),
    numberText(l.max_leakage, lang, 4),
  ]);
  const blocks: Block[] = [
    ...tableBlocks('limiters', head, rows, t('app.sl_results.limiters')),
    {
      lines: 2,
      node: (
        <Text key="totals" style={{ marginTop: 4 }}>
          {t('app.sl_results.volume')} : {numberText(r.max_volume, lang, 4)}
          {typeof r.method_volume === 'number'
            ? ` · ${t('app.sl_results.method_volume')} : ${numberText(r.method_volume, lang, 4)}`
            : ''}{' '}
          · {t(routed ? 'app.sl_results.routed_peak' : 'app.sl_results.leakage')} :{' '}
          {numberText(r.max_leakage, lang, 4)} · {t('app.sl_results.lsha')} : {numberText(r.lsha, lang, 2)}
        </Text>
      ),
    },
  ];
  if (r.verdict)
    blocks.push({
      lines: 4 + r.verdict.findings.length * 2.5,
      node: (
        <View key="conclusion" style={s.verdict} wrap={false}>
          <Text style={s.h3}>{t('app.note_cover.conclusion')}</Text>
          {slVerdict(r, t)}
        </View>
      ),
    });
  else if (r.leakage_conform === false)
    blocks.push({
      lines: 3,
      node: (
        <Text key="excess" style={s.info}>
          {t('app.sl_results.leakage_excess', {
            diameter: paramOf(r, 'min_orifice_diameter_mm') ?? '',
            excess: r.leakage_excess_pct,
          })}
        </Text>
      ),
    });
  if (attachments.length)
    blocks.push({
      lines: 3 + attachments.length,
      node: (
        <View key="files" wrap={false}>
          <Text style={s.h3}>{t('app.note_cover.files')}</Text>
          {attachments.map((f, i) => (
            <Text key={i} style={s.bullet}>
              • {t('app.note_cover.file', { name: f.filename, size: sizeText(f.size, t, lang) })}
            </Text>
          ))}
        </View>
      ),
    });
  return blocks;
}
