import { Image, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { FiguresDef } from '../../engine';
import { entriesTable, type FigureWriter } from '../../words/figures';
import {
  depthParams,
  hasSummary,
  imposedVolumeText,
  monthlyTable,
  rainfallTable,
  roofVerdict,
  siteSumText,
  siteVerdict,
  stressTable,
  stressWords,
  summaryTable,
  upstreamText,
  verdictRules,
} from '../../words/resultsText';
import { numberText } from '../../words/numberText';
import {
  isAbattementResults,
  isFlowLimiterResults,
  isFormulasResults,
  type AbattementResults,
  type FlowLimiterResults,
  type Results,
} from '../../words/results';
import { asTables } from './noteAnswers';
import { Bars, MonthTable, s, sizeText, tableBlocks, type Block } from './noteParts';
import { declaredVerdicts, keyFigureNodes, verdictLines, verdictNodes } from './noteVerdicts';

/**
 * The results in the note: the cover's verdicts and key figures, and the results section of each kind
 * of calculation; every figure written by its bundle's format (words/figures.ts), every verdict as the
 * bundle declares it (noteVerdicts.tsx). Exports `coverVerdict`, `abattementBlocks`,
 * `flowLimiterBlocks`, `figuresBlocks`.
 */
type T = (k: string, p?: Record<string, unknown>) => string;
type Charts = { pluviometrie: string | null; toitures: (string | null)[] } | undefined;

/**
 * Roofs whose verdicts the cover lists; a site of more points to the results section (which also gives
 * the rules the site's and the roofs' figures follow), so that the cover holds on its page.
 */
const COVER_ROOFS = 3;

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
    issues.push(t('app.note_cover.issue_leakage', { excess: r.leakage_excess_pct }));
  return issues;
}

/** The cover's target line, its verdicts, and its key figures (figures.site, as the note prints them). */
export function coverVerdict(results: Results | null, def: FiguresDef, w: FigureWriter, t: T): ReactNode {
  if (!results) return <Text style={s.verdict}>{t('app.note_cover.not_calculated')}</Text>;
  const verdicts = declaredVerdicts(def, results, w, t);
  const keyFigures = (
    <>
      <Text style={s.h3}>{t('app.note_cover.key_figures')}</Text>
      {keyFigureNodes(def, results, w, t)}
    </>
  );
  if (isFormulasResults(results)) return <View>{keyFigures}</View>;
  if (isFlowLimiterResults(results)) {
    const r = results;
    const issues = slIssues(r, t, w.lang);
    return (
      <View>
        {r.leakage_rate_l_s_ha !== undefined ? (
          <Text>
            {t('app.note_cover.leakage_rate', {
              rate: w.text('rate', r.leakage_rate_l_s_ha),
              qf: w.text('flow', r.allowed_leakage_l_s),
            })}
          </Text>
        ) : null}
        <View style={s.verdict}>
          <Text style={s.h3}>{t('app.note_cover.verdict')}</Text>
          {verdicts.length ? (
            verdicts.map((v) => (
              <View key={v.key}>
                {verdictNodes(v, t, true)}
                {v.status === 'conform' ? <Text>{t('app.note_cover.conform')}</Text> : null}
              </View>
            ))
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
        {keyFigures}
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
          ? t('app.note_cover.target_depth', depthParams(target, w))
          : t('app.note_cover.no_target')}
      </Text>
      <View style={s.verdict}>
        <Text style={s.h3}>{t('app.note_cover.verdict')}</Text>
        {hasSummary(r) ? (
          <>
            {verdicts.map((v) => verdictNodes(v, t, true))}
            <Text>{siteVerdict(r, w, t)}</Text>
            {roofs.length <= COVER_ROOFS ? (
              roofs.map((x) => (
                <Text key={x.toiture.name} style={s.bullet}>
                  • {roofVerdict(x, target, w, t)}
                  {x.upstream ? ` ${upstreamText(x, w, t)}` : ''}
                </Text>
              ))
            ) : (
              <Text style={s.bullet}>{t('app.note_cover.roofs_in_results', { count: roofs.length })}</Text>
            )}
          </>
        ) : (
          <Text>{t('app.results_view.old_results')}</Text>
        )}
      </View>
      {hasSummary(r) ? keyFigures : null}
    </View>
  );
}

/** The declared verdicts as one block of the results section, under its heading. */
function verdictsBlock(def: FiguresDef, results: unknown, w: FigureWriter, t: T): Block[] {
  const verdicts = declaredVerdicts(def, results, w, t);
  if (!verdicts.length) return [];
  return [
    {
      lines: 3 + verdicts.reduce((x, v) => x + verdictLines(v), 0),
      node: (
        <View key="conclusion" style={s.verdict} wrap={false}>
          <Text style={s.h3}>{t('app.note_cover.verdict')}</Text>
          {verdicts.map((v) => verdictNodes(v, t))}
        </View>
      ),
    },
  ];
}

/**
 * The results section of an abattement note: its verdicts, the site's retention and rules, the summary,
 * the imposed volume, the climate stress, each roof's months, the rainfall.
 */
export function abattementBlocks(
  r: AbattementResults,
  def: FiguresDef,
  w: FigureWriter,
  t: T,
  months: string[],
  charts: Charts,
): Block[] {
  const blocks: Block[] = [];
  if (hasSummary(r)) {
    const table = summaryTable(r, w, t);
    const rules = verdictRules(r, w, t);
    const imposed = imposedVolumeText(r, w, t);
    blocks.push(
      ...verdictsBlock(def, r, w, t),
      {
        lines: 3 + rules.reduce((x, y) => x + 1 + y.length / 95, 0),
        node: (
          <View key="verdict" wrap={false}>
            <Text style={s.p}>{siteVerdict(r, w, t)}</Text>
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
            {siteSumText(r, w, t)}
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
  const stress = stressTable(r, w, t);
  if (stress)
    blocks.push(
      ...tableBlocks(
        'stress',
        stress.head,
        stress.rows,
        t('app.stress.title'),
        stressWords(r, w, t).join(' '),
      ),
    );
  if (asTables(r.toitureResults.length)) blocks.push(...roofsByMonth(r, w, t, months));
  else
    r.toitureResults.forEach((x, i) => {
      const values = x.monthlyResults.map((m) => m.abattement);
      const avg = Math.floor(values.reduce((a, b) => a + b, 0) / 12);
      const table = monthlyTable(x, months, w, t);
      blocks.push({
        lines: (charts?.toitures[i] ? 20 : 13) + 9 + (x.annual?.downstream ? 1 : 0) + (x.upstream ? 2 : 0),
        node: (
          <View key={`roof-${i}`} wrap={false}>
            <Text style={s.h3}>
              {t('app.charts.roof', { name: x.toiture.name })}
              {x.annual
                ? ` — ${t('app.charts.annual', { value: w.text('share', x.annual.abattement) })}`
                : ''}
            </Text>
            {x.annual?.downstream ? (
              <Text>
                {t('app.charts.annual_split', {
                  own: w.text('share', x.annual.own),
                  downstream: w.text('share', x.annual.downstream),
                })}
              </Text>
            ) : null}
            <Text>{roofVerdict(x, r.target_mm, w, t)}</Text>
            {x.upstream ? <Text>{upstreamText(x, w, t)}</Text> : null}
            <Text style={s.small}>
              {t('app.charts.average', { value: avg })}
              {typeof x.capacity_mm === 'number'
                ? ` · ${t('app.note_page.capacity', { value: w.text('depth', x.capacity_mm) })}`
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
  const rain = rainfallTable(r, months, w, t);
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

/**
 * The roofs' months when they are many (asTables): each monthly figure as one table, a row per
 * roof and its year's value last, then what each roof receiving water from others does with it (its
 * verdict is the summary's "target met" column, above); each roof's charts stay on the results page.
 */
function roofsByMonth(r: AbattementResults, w: FigureWriter, t: T, months: string[]): Block[] {
  const roofs = r.toitureResults;
  const tables = roofs.map((x) => monthlyTable(x, months, w, t));
  const blocks: Block[] = [];
  // the figures every roof's table has, in its order (abattement, on the roof when any flows on, target met)
  tables[0]!.rows.forEach((first, row) => {
    const label = first[0]!;
    if (!tables.every((tb) => tb.rows[row]?.[0] === label)) return;
    const withYear = row === 0 && roofs.some((x) => x.annual);
    blocks.push(
      ...tableBlocks(
        `months-${row}`,
        ['', ...months, ...(withYear ? [t('app.note_page.year')] : [])],
        roofs.map((x, i) => [
          x.toiture.name,
          ...tables[i]!.rows[row]!.slice(1),
          ...(withYear ? [x.annual ? w.number('share', x.annual.abattement) : '–'] : []),
        ]),
        label,
        row === 0 ? t('app.note_page.months_intro') : undefined,
      ),
    );
  });
  // each roof's verdict is the summary's "target met" column; what a roof does with the water it receives
  // is said here
  for (const [i, x] of roofs.entries()) {
    const text = upstreamText(x, w, t);
    if (text)
      blocks.push({
        lines: 1 + Math.ceil(text.length / 95),
        node: (
          <Text key={`up-${i}`} style={s.p}>
            {text}
          </Text>
        ),
      });
  }
  return blocks;
}

/** The key figures of a `formulas` calculation (figures.site): label, value and unit, one line each. */
export function figuresBlocks(def: FiguresDef, results: Results, w: FigureWriter, t: T): Block[] {
  return keyFigureNodes(def, results, w, t).map((node) => ({ lines: 1.4, node }));
}

/**
 * The results section of a flow-limiter note: each roof's figures and the key figures as the bundle
 * declares them, the verdict, the client's files.
 */
export function flowLimiterBlocks(
  r: FlowLimiterResults,
  def: FiguresDef,
  w: FigureWriter,
  t: T,
  attachments: { filename: string; size: number }[],
): Block[] {
  const blocks: Block[] = (def.entries ?? []).flatMap((e) => {
    const table = entriesTable(e, r, w, t);
    return tableBlocks(e.key, table.head, table.rows, t('app.sl_results.limiters'));
  });
  const figures = keyFigureNodes(def, r, w, t);
  blocks.push({
    lines: 1 + figures.length * 1.4,
    node: (
      <View key="totals" style={{ marginTop: 4 }} wrap={false}>
        {figures}
      </View>
    ),
  });
  const verdicts = verdictsBlock(def, r, w, t);
  blocks.push(...verdicts);
  if (!verdicts.length && r.leakage_conform === false)
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
              • {t('app.note_cover.file', { name: f.filename, size: sizeText(f.size, t, w.lang) })}
            </Text>
          ))}
        </View>
      ),
    });
  return blocks;
}
