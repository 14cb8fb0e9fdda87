import { Document, Image, Page, StyleSheet, Svg, Rect, Text, View, Line } from '@react-pdf/renderer';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import type { FormState } from '../../engine';
import { fieldText, isShown } from '../../renderers/fieldText';

/** One section's free text and attachment (an image as a data URL), as the note page sends them. */
export interface NoteEntry {
  text: string | null;
  image: string | null;
}

const s = StyleSheet.create({
  page: { padding: 36, fontSize: 10, fontFamily: 'Helvetica', color: '#1c2733' },
  h1: { fontSize: 18, marginBottom: 4, color: '#0b5394' },
  sub: { fontSize: 10, color: '#5f6b7a', marginBottom: 14 },
  h2: { fontSize: 13, marginTop: 12, marginBottom: 6, color: '#0b5394' },
  h3: { fontSize: 11, marginTop: 6, marginBottom: 3 },
  row: { flexDirection: 'row', borderBottom: '0.5pt solid #ccd5df', paddingVertical: 2 },
  label: { width: '45%', color: '#5f6b7a' },
  value: { width: '55%' },
  cell: { flex: 1, fontSize: 8 },
  head: { flex: 1, fontSize: 8, fontFamily: 'Helvetica-Bold' },
  info: { marginTop: 4, padding: 6, backgroundColor: '#e7f0fa' },
  image: { marginTop: 6, maxHeight: 220, objectFit: 'contain' },
  small: { fontSize: 8, color: '#5f6b7a' },
});

function Table({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <View>
      <View style={s.row}>
        {head.map((h, i) => (
          <Text key={i} style={s.head}>
            {h}
          </Text>
        ))}
      </View>
      {rows.map((r, i) => (
        <View key={i} style={s.row} wrap={false}>
          {r.map((c, j) => (
            <Text key={j} style={s.cell}>
              {String(c)}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/** Monthly bars (0-100 %) with the annual average line, drawn as vectors. */
function Bars({ values, average }: { values: number[]; average: number }) {
  const w = 480;
  const h = 110;
  const bw = w / 12 - 6;
  return (
    <Svg width={w} height={h + 4}>
      {values.map((v, i) => (
        <Rect
          key={i}
          x={i * (w / 12) + 3}
          y={h - (Math.max(0, Math.min(100, v)) / 100) * h}
          width={bw}
          height={(Math.max(0, Math.min(100, v)) / 100) * h}
          fill="#1f6fb2"
        />
      ))}
      <Line
        x1={0}
        y1={h - (average / 100) * h}
        x2={w}
        y2={h - (average / 100) * h}
        stroke="#333333"
        strokeWidth={1}
      />
    </Svg>
  );
}

function Extra({ entry, t }: { entry: NoteEntry | undefined; t: (k: string) => string }) {
  if (!entry || (!entry.text && !entry.image)) return null;
  return (
    <View>
      {entry.text ? (
        <View style={s.info}>
          <Text style={s.small}>{t('app.note_page.info')}</Text>
          <Text>{entry.text}</Text>
        </View>
      ) : null}
      {entry.image ? <Image style={s.image} src={entry.image} /> : null}
    </View>
  );
}

/**
 * The calculation note: the project drawn from its bundle (every visible field of every step with its
 * label, value and unit, in the project's unit system), the spills, the results with their tables and
 * charts, the free texts and attachments of each section, and a method section naming the method, the
 * climate station and period and every parameter with its provenance.
 */
export function NoteDocument({
  i18n,
  title,
  projectName,
  date,
  state,
  sections,
  entries,
  results,
  charts,
}: {
  charts?: { pluviometrie: string | null; toitures: (string | null)[] };
  i18n: i18n;
  title: string;
  projectName: string;
  date: string;
  state: FormState;
  sections: { key: string; title: string; step: string | null }[];
  entries: NoteEntry[];
  results: Record<string, unknown> | null;
}) {
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  const months = t('app.charts.months', { returnObjects: true }) as unknown as string[];
  const stepByKey = new Map(state.steps.map((st) => [st.key, st]));
  // Each section starts a page, and long sections are cut into pages of a few cards: react-pdf lays out
  // again everything after each page break of one <Page>, so one long page costs pages x content.
  const pages: { key: string; blocks: ReactNode[] }[] = [];
  const header = (
    <>
      <Text style={s.h1}>{t('app.note_page.title')}</Text>
      <Text style={s.sub}>
        {title} · {projectName} · {date}
      </Text>
    </>
  );
  sections.forEach((sec, n) => {
    const step = sec.step ? stepByKey.get(sec.step) : undefined;
    let blocks: ReactNode[] = [];
    if (sec.key === 'results' && results) blocks = resultBlocks({ results, t, months, charts });
    else if (sec.key === 'spills' && step)
      blocks = step.cards.map((c) => {
        const f = c.fields[0];
        const dest = f?.options?.find((o) => o.value === f.value);
        return (
          <Text key={c.index}>
            {String(c.title.params?.name ?? '')} {t('app.note_page.flows_into')}{' '}
            {dest ? (dest.literal ? dest.label : t(dest.label)) : t('app.note_page.sewer')}
          </Text>
        );
      });
    else if (step)
      blocks = step.cards.map((c) => (
        <View key={c.index} wrap={false}>
          {step.repeat ? <Text style={s.h3}>{t(c.title.key, c.title.params)}</Text> : null}
          {c.fields.filter(isShown).map((f) => (
            <View key={f.path} style={s.row}>
              <Text style={s.label}>{t(f.label)}</Text>
              <Text style={s.value}>{fieldText(f, t)}</Text>
            </View>
          ))}
        </View>
      ));
    const heading = (
      <Text key="title" style={s.h2}>
        {n + 1}. {sec.title}
      </Text>
    );
    const extra = <Extra key="extra" entry={entries[n]} t={t} />;
    const all = [heading, ...blocks, extra];
    for (let i = 0; i < all.length; i += BLOCKS_PER_PAGE)
      pages.push({ key: `${sec.key}-${i}`, blocks: all.slice(i, i + BLOCKS_PER_PAGE) });
  });
  if (results) pages.push({ key: 'method', blocks: [<Method key="method" results={results} t={t} />] });
  return (
    <Document title={`${title} – ${projectName}`} language={i18n.language}>
      {pages.map((p, i) => (
        <Page key={p.key} size="A4" style={s.page} wrap>
          {i === 0 ? header : null}
          {p.blocks}
        </Page>
      ))}
    </Document>
  );
}

/** Blocks (a section title, a card, a roof's results) on one page before a new one is started. */
const BLOCKS_PER_PAGE = 4;

function resultBlocks({
  results,
  t,
  months,
  charts,
}: {
  results: Record<string, unknown>;
  t: (k: string, p?: Record<string, unknown>) => string;
  months: string[];
  charts: { pluviometrie: string | null; toitures: (string | null)[] } | undefined;
}): ReactNode[] {
  if (Array.isArray(results.limiters)) {
    const limiters = results.limiters as Record<string, unknown>[];
    return [
      <View key="limiters">
        <Table
          head={[
            t('app.sl_results.roof'),
            t('app.sl_results.count'),
            t('app.sl_results.height_max'),
            t('app.sl_results.height_total'),
            t('app.sl_results.leakage'),
          ]}
          rows={limiters.map((l) => [
            String(l.roof_name),
            Number(l.count),
            Number(l.height_max),
            Number(l.height_total),
            Number(l.max_leakage).toFixed(2),
          ])}
        />
        <Text style={{ marginTop: 4 }}>
          {t('app.sl_results.volume')}: {String(results.max_volume)} · {t('app.sl_results.leakage')}:{' '}
          {Number(results.max_leakage).toFixed(2)} · {t('app.sl_results.lsha')}: {String(results.lsha)}
        </Text>
        {results.leakage_conform === false ? (
          <Text style={s.info}>
            {t('app.sl_results.leakage_excess', {
              diameter: String(
                (results.parameters as { name: string; value: unknown }[] | undefined)?.find(
                  (p) => p.name === 'min_orifice_diameter_mm',
                )?.value ?? '',
              ),
              excess: results.leakage_excess_pct,
            })}
          </Text>
        ) : null}
      </View>,
    ];
  }
  const roofs =
    (results.toitureResults as {
      toiture: { name: string };
      monthlyResults: { abattement: number; respectConsigneAbattement: number }[];
      annual?: { abattement: number; own?: number; downstream?: number };
      capacity_mm?: number;
    }[]) ?? [];
  const rain = (results.pluviometrie as { pluie_precipite: number; evenements_pluvieux: number }[]) ?? [];
  const site = results.site as
    | {
        abattement: number;
        storage_capacity_m3?: number;
        imposed_volume_m3?: number | null;
        imposed_volume_met?: boolean | null;
      }
    | undefined;
  const summary: ReactNode[] = site
    ? [
        <View key="site">
          <Text style={s.h3}>{t('app.charts.site_annual', { value: site.abattement })}</Text>
          {typeof site.imposed_volume_m3 === 'number' ? (
            <Text>
              {t(
                site.imposed_volume_met
                  ? 'app.note_page.imposed_volume_met'
                  : 'app.note_page.imposed_volume_not_met',
                {
                  imposed: site.imposed_volume_m3,
                  capacity: site.storage_capacity_m3,
                },
              )}
            </Text>
          ) : null}
        </View>,
      ]
    : [];
  return [
    ...summary,
    ...roofs.map((r, i) => {
      const values = r.monthlyResults.map((m) => m.abattement);
      const avg = Math.floor(values.reduce((a, b) => a + b, 0) / 12);
      return (
        <View key={r.toiture.name} wrap={false}>
          <Text style={s.h3}>
            {t('app.charts.roof', { name: r.toiture.name })}
            {r.annual ? ` — ${t('app.charts.annual', { value: r.annual.abattement })}` : ''}
          </Text>
          {r.annual?.downstream ? (
            <Text>
              {t('app.charts.annual_split', { own: r.annual.own, downstream: r.annual.downstream })}
            </Text>
          ) : null}
          <Text style={s.small}>
            {t('app.charts.average', { value: avg })}
            {typeof r.capacity_mm === 'number'
              ? ` · ${t('app.note_page.capacity', { value: r.capacity_mm })}`
              : ''}
          </Text>
          {charts?.toitures[i] ? (
            <Image style={s.image} src={charts.toitures[i]!} />
          ) : (
            <Bars values={values} average={avg} />
          )}
          <Table
            head={['', ...months]}
            rows={[
              [t('app.charts.abattement'), ...values],
              [t('app.note_page.target_met'), ...r.monthlyResults.map((m) => m.respectConsigneAbattement)],
            ]}
          />
        </View>
      );
    }),
    <View key="rainfall" wrap={false}>
      <Text style={s.h3}>{t('app.charts.rainfall')}</Text>
      {charts?.pluviometrie ? <Image style={s.image} src={charts.pluviometrie} /> : null}
      <Table
        head={['', ...months]}
        rows={[
          [t('app.charts.rain'), ...rain.map((x) => x.pluie_precipite)],
          [t('app.charts.rainy_days'), ...rain.map((x) => x.evenements_pluvieux)],
        ]}
      />
    </View>,
  ];
}

function Method({
  results,
  t,
}: {
  results: Record<string, unknown>;
  t: (k: string, p?: Record<string, unknown>) => string;
}) {
  const method = results.method as { name: string; version: string } | undefined;
  const station = results.station as { name: string; period: string; source: string } | undefined;
  const params =
    (results.parameters as { name: string; value: unknown; unit?: string; provenance: string }[]) ?? [];
  const pet =
    results.pet_method && typeof results.pet_method === 'object'
      ? (results.pet_method as { kind: string; from?: string; km?: number })
      : null;
  return (
    <>
      <Text style={s.h2}>{t('app.note_page.method')}</Text>
      {method ? <Text>{`${method.name} (v${method.version})`}</Text> : null}
      {station ? (
        <Text>
          {t('app.charts.method', { station: station.name, period: station.period, years: results.years })}
        </Text>
      ) : null}
      {station ? <Text style={s.small}>{station.source}</Text> : null}
      {pet ? (
        <Text>
          {t('app.note_page.pet', {
            method: t(`app.note_page.pet_methods.${pet.kind}`, { from: pet.from, km: pet.km }),
          })}
        </Text>
      ) : null}
      <Table
        head={[t('app.note_page.parameter'), t('app.note_page.value'), t('app.note_page.provenance')]}
        rows={params.map((p) => [
          p.name,
          `${String(p.value)}${p.unit && p.unit !== '-' ? ` ${p.unit}` : ''}`,
          p.provenance,
        ])}
      />
    </>
  );
}
