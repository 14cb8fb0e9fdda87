import { Text, View } from '@react-pdf/renderer';
import type { UnitSystem } from '../../engine';
import { toDisplay } from '../../engine/units';
import { listOf } from '../../words/i18n';
import {
  isAbattementResults,
  isFlowLimiterResults,
  type FlowLimiterResults,
  type Results,
} from '../../words/results';
import { numberText } from '../../words/numberText';
import { seriesCheckText } from '../../words/resultsText';
import type { FigureWriter } from '../../words/figures';
import { s, tableBlocks, type Block } from './noteParts';
import { measuredParagraphs, measuredTable } from './noteRain';

type T = ((k: string, p?: Record<string, unknown>) => string) & { exists?: (k: string) => boolean };
type Param = { name: string; value: unknown; unit?: string; provenance: string };

/**
 * Message key of a parameter unit, whether it is a depth converted to inches in imperial, and whether it
 * is per degree Celsius, per degree Fahrenheit in imperial (a degree F is 1/1.8 of a degree C).
 */
const UNITS: Record<string, { metric: string; imperial?: string; depth?: boolean; perDegree?: boolean }> = {
  mm: { metric: 'units.mm', imperial: 'units.in', depth: true },
  'mm/day': { metric: 'app.param_units.mm_day', imperial: 'app.param_units.in_day', depth: true },
  'mm/°C/day': {
    metric: 'app.param_units.mm_degree_day',
    imperial: 'app.param_units.in_degree_day',
    depth: true,
    perDegree: true,
  },
  'mm/mm': { metric: 'app.param_units.mm_mm' },
  '%': { metric: 'units.percent' },
  years: { metric: 'app.param_units.years' },
  'L/s/ha': { metric: 'units.l_s_ha' },
  'L/m2': { metric: 'app.param_units.l_m2' },
  h: { metric: 'app.param_units.h' },
  'm/s2': { metric: 'app.param_units.m_s2' },
  'mm/min^(1-b)': { metric: 'app.param_units.montana_a' },
};

/** A parameter's value with its unit, in the project's unit system. */
function valueText(p: Param, t: T, system: UnitSystem, lang: string): string {
  const u = p.unit ? UNITS[p.unit] : undefined;
  if (typeof p.value !== 'number') return String(p.value);
  const imperial = system === 'IMPERIAL' && u?.depth;
  // a depth as the answers and results write it (hundredths: the 1 mm rainy-day threshold reads 0.04 in
  // in its row as in the words beside it); a rate per degree converted exactly, three decimals written
  // (3 mm/°C/day is 0.066 in/°F/day, where hundredths would round it to 0.07)
  const inches = imperial
    ? (toDisplay(p.value, 'length_mm', 'IMPERIAL', u.perDegree ? 9 : undefined) as number)
    : p.value;
  const v = imperial && u.perDegree ? inches / 1.8 : inches;
  const unit = u ? t(imperial ? u.imperial! : u.metric) : '';
  return `${numberText(v, lang, 3)}${unit ? ` ${unit}` : ''}`;
}

/**
 * A parameter's name for reading: its label, and for a parameter of one product (a substrate, a
 * vegetation system) that product's name as the form shows it.
 */
function nameText(p: Param, t: T, optionLabel: (value: string) => string | null): string {
  const [group = '', key] = p.name.split('.');
  const label = t(`app.params.${group}`);
  if (!key) return label;
  return `${label} — ${optionLabel(key) ?? key.replace(/_/g, ' ').toLowerCase()}`;
}

/**
 * Where a value comes from, in words: the published source, or a default to confirm. `params` fill the
 * words that quote a figure (the rainy-day threshold, in the project's units).
 */
function provenanceText(p: Param, t: T, params: Record<string, unknown>): string {
  const [group = '', key] = p.name.split('.');
  const exists = (k: string) => t.exists?.(k) ?? false;
  if (group === 'montana_a' || group === 'montana_b')
    return t(
      p.provenance.startsWith('typed') ? 'app.param_sources.montana_typed' : 'app.param_sources.montana',
    );
  if (p.provenance.startsWith('chosen')) return t('app.param_sources.chosen');
  if (key && exists(`app.param_sources.${group}.${key}`)) return t(`app.param_sources.${group}.${key}`);
  if (!p.provenance.startsWith('default') && exists(`app.param_sources.${group}`))
    return t(`app.param_sources.${group}`, params);
  return t('app.param_sources.default');
}

/**
 * The design storms of a flow-limiter design (method 1.4 on) and the peak of each as a share of the
 * allowed leakage, in words.
 */
function stormsText(routing: NonNullable<FlowLimiterResults['routing']>, t: T, lang: string): string {
  const storms = routing.storms ?? [];
  const of = (kind: string) => storms.find((s) => s.kind === kind);
  const share = (kind: string) => numberText(100 * (of(kind)?.permit_share ?? Number.NaN), lang, 2, true);
  return t('app.method_text.flow_limiter.storms', {
    longest: numberText(routing.durations_min[1], lang, 0),
    block_duration: numberText(of('block')?.duration_min, lang, 0),
    block_share: share('block'),
    chicago_hours: numberText((of('chicago')?.duration_min ?? Number.NaN) / 60, lang, 1),
    chicago_share: share('chicago'),
    intense: numberText(of('desbordes')?.intense_min, lang, 0),
    total: numberText(of('desbordes')?.duration_min, lang, 0),
    desbordes_share: share('desbordes'),
    worst: t(`sl.storms.${routing.governing ?? 'block'}`),
  });
}

/** The method section in prose, the climate data, the limits, the references and the parameters. */
export function methodBlocks(
  results: Results,
  t: T,
  w: FigureWriter,
  optionLabel: (value: string) => string | null,
): Block[] {
  const { system, lang } = w;
  const params: Param[] = 'parameters' in results ? results.parameters : [];
  const value = (name: string) => {
    const v = params.find((p) => p.name === name)?.value;
    return typeof v === 'number' ? v : undefined;
  };
  const sl = isFlowLimiterResults(results);
  const paragraphs: string[] = [];
  if (isFlowLimiterResults(results)) {
    const area = results.limiters.reduce((x, l) => x + l.roof_surface, 0);
    // results of method 1.2 on carry their design rain (the type says so; earlier ones, stored, do not)
    const rain = 'rain' in results ? results.rain : undefined;
    const routing = results.routing;
    const rainParams = rain && {
      a: numberText(rain.a, lang, 3),
      b: numberText(rain.b, lang, 3),
      T: rain.return_period_years,
      d0: numberText(rain.validity_min[0], lang, 0),
      d1: numberText(rain.validity_min[1], lang, 0),
      department: rain.department ?? '',
      source: rain.reference ?? '',
      reference: rain.reference ?? '',
    };
    const retentio = results.limiters.some((l) => l.articles.some((a) => a.type === 'retentio'));
    paragraphs.push(
      t('app.method_text.flow_limiter.scope', {
        rate: w.number('rate', results.leakage_rate_l_s_ha),
        qf: w.number('flow', results.allowed_leakage_l_s),
        area: numberText(area, lang, 0),
      }),
      ...(rain && rainParams
        ? [
            t(
              rain.source === 'typed'
                ? 'app.method_text.flow_limiter.rain_typed'
                : rain.department
                  ? 'app.method_text.flow_limiter.rain_regional'
                  : 'app.method_text.flow_limiter.rain_published',
              rainParams,
            ),
            t('app.method_text.flow_limiter.volume_rain', {
              volume: w.number('volume', results.method_volume),
              tm: numberText(results.critical_duration_min, lang, 0),
            }),
          ]
        : [
            t('app.method_text.flow_limiter.volume_rain', {
              volume: w.number('volume', results.max_volume),
              tm: numberText(results.critical_duration_min, lang, 0),
            }),
          ]),
      ...(typeof results.imposed_volume === 'number' ||
      (!rain && results.volume_method !== 'methode_des_pluies')
        ? [
            t('app.method_text.flow_limiter.volume_imposed', {
              volume: w.number('volume', results.imposed_volume ?? results.max_volume),
            }),
          ]
        : []),
      t('app.method_text.flow_limiter.height'),
      ...(rain && retentio
        ? [t('app.method_text.flow_limiter.retentio', { storage: value('retentio_storage_l_m2') ?? 25 })]
        : []),
      t('app.method_text.flow_limiter.orifice'),
      ...(routing
        ? [
            t('app.method_text.flow_limiter.routing', {
              peak: w.text('flow', routing.peak_outflow_l_s),
              duration: numberText(routing.critical_duration_min, lang, 0),
            }),
          ]
        : []),
      ...(routing?.storms ? [stormsText(routing, t, lang)] : []),
      t('app.method_text.flow_limiter.emptying', { hours: value('max_emptying_hours') ?? 48 }),
      ...(results.verdict ? [t(results.verdict.rule)] : []),
      t('app.method_text.flow_limiter.limits', {
        d0: numberText(rain?.validity_min[0] ?? 30, lang, 0),
        d1: numberText(rain?.validity_min[1] ?? 360, lang, 0),
      }),
    );
  } else if (isAbattementResults(results)) {
    const station = results.station;
    const pet = results.pet_method;
    const melt = value('snow_melt_mm_per_degree_day');
    // the rainy-day threshold in the project's units (1 mm, or 0.039 in)
    const wet = w.text('depth', value('wet_day_mm') ?? 1);
    const meltText =
      melt === undefined
        ? ''
        : valueText(
            params.find((p) => p.name === 'snow_melt_mm_per_degree_day')!,
            t,
            system,
            lang,
          ).replace(/\/.*$/, '');
    // a measured series replaces the generated one's words (what, series, snow, data's limits)
    // where snow begins, in the project's units: 0 °C, 32 °F
    const freezing = t(system === 'IMPERIAL' ? 'app.param_units.freezing_f' : 'app.param_units.freezing_c');
    const m = results.measured ? measuredParagraphs(results.measured, t, lang, meltText, freezing) : null;
    paragraphs.push(
      t(`app.method_text.abattement.${m ? 'what_measured' : 'what'}`, { years: results.years }),
      ...(m ? m.series : [t('app.method_text.abattement.series', { wet })]),
      m ? m.snow : t('app.method_text.abattement.snow', { melt: meltText, freezing }),
      t('app.method_text.abattement.pet', {
        pet: pet
          ? t(`app.note_page.pet_methods.${pet.kind}`, pet.kind === 'penman_transferred' ? pet : {})
          : '',
      }),
      t('app.method_text.abattement.balance'),
      t('app.method_text.abattement.spills'),
      t('app.method_text.abattement.results', { wet }),
    );
    if (station)
      paragraphs.push(
        t(`app.method_text.abattement.${m ? 'data_measured' : 'data'}`, {
          source: t(`app.station_source.${station.country ?? 'FR'}`, {
            name: station.name,
            period: station.period,
          }),
        }),
        m ? m.limits : t('app.method_text.abattement.limits', { period: station.period }),
      );
    const check = seriesCheckText(results, w, t);
    if (check) paragraphs.push(check);
    // what changed with the version the results were calculated with
    if (results.method.version.startsWith('3.')) paragraphs.push(t('app.method_text.abattement.version'));
  }
  // the method's references, then the climate data of this project's station only
  const country = (isAbattementResults(results) ? results.station.country : undefined) ?? 'FR';
  const references = [
    ...listOf(t, `app.references.${sl ? 'flow_limiter' : 'abattement'}`),
    ...(sl ? [] : [t(`app.references.climate.${country}`)]),
  ];
  const table = params.map((p) => [
    nameText(p, t, optionLabel),
    valueText(p, t, system, lang),
    provenanceText(p, t, {
      wet: isAbattementResults(results) ? w.text('depth', value('wet_day_mm') ?? 1) : '',
    }),
  ]);
  return [
    {
      lines: 3,
      node: (
        <Text key="title" style={s.h2}>
          {t('app.note_page.method')}
        </Text>
      ),
    },
    ...paragraphs.map((x, i) => ({
      lines: 1 + x.length / 95,
      node: (
        <Text key={`p${i}`} style={s.p}>
          {x}
        </Text>
      ),
    })),
    ...(isAbattementResults(results) && results.measured
      ? measuredTable(results.measured, t, system, lang)
      : []),
    {
      lines: 3 + references.length * 2,
      node: (
        <View key="refs" wrap={false}>
          <Text style={s.h3}>{t('app.references.title')}</Text>
          {references.map((x) => (
            <Text key={x} style={s.bullet}>
              • {x}
            </Text>
          ))}
        </View>
      ),
    },
    ...tableBlocks(
      'params',
      [t('app.note_page.parameter'), t('app.note_page.value'), t('app.note_page.provenance')],
      table,
      t('app.note_page.parameters'),
    ),
  ];
}
