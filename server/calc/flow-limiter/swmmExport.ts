/**
 * The flow-limiter calculation's export as an EPA SWMM 5.2 model (issue 39): the project's roofs as the
 * method reads them, its results' orifice and design storms (rebuilt from the results exactly as the
 * calculation routed them; the worst block rain to the whole minute), in the words of the project's
 * messages (`sl.swmm.*`). The model itself: swmm.ts.
 */
import type { FlowLimiterResults, StormKind } from '../../../words/results/flow-limiter';
import type { MeasuredInput } from '../abattement/abattement';
import type { StoredProject } from '../types';
import { roofsOf } from './flowLimiter';
import { chicagoStorm, desbordesStorm, type Storm } from './storms';
import { flowLimiterInp, type SwmmModel, type SwmmStorm } from './swmm';

/** What an export is written with: the project's words, its name and readable number. */
export interface ExportContext {
  t: (key: string, params?: Record<string, unknown>) => string;
  name: string;
  number: number | null;
  /** the product's type (sm and smca share a calculation) */
  product?: string;
  /** the measured rain series the project names, as the calculation read it (abattement) */
  measured?: MeasuredInput;
}

/** Plain decimals for the file's comments (SWMM's own figures use points, so do its comments). */
const plain = (x: number, digits = 4) => String(Number(x.toPrecision(digits)));

/** The design storms of the results, each as its steps (minutes, mm/h). */
export function resultStorms(results: FlowLimiterResults): { kind: StormKind; storm: Storm['steps'] }[] {
  const { rain, routing } = results;
  if (!routing?.storms) throw new Error('results without the storms of method 1.4');
  return routing.storms.map((s) => {
    if (s.kind === 'chicago') return { kind: s.kind, storm: chicagoStorm(rain, s.duration_min).steps };
    if (s.kind === 'desbordes') return { kind: s.kind, storm: desbordesStorm(rain, s.intense_min!).steps };
    const minutes = Math.max(1, Math.round(s.duration_min));
    const mm = rain.a * minutes ** (1 - rain.b);
    return { kind: s.kind, storm: [{ start: 0, minutes, mm_h: (mm / minutes) * 60 }] };
  });
}

/** The .inp text of a calculated sl project. */
export function flowLimiterSwmm(p: StoredProject, results: FlowLimiterResults, ctx: ExportContext): string {
  const { t } = ctx;
  if (results.diameter === undefined) throw new Error('results without their orifice diameter');
  const diameter = results.diameter;
  const value = (name: string, fallback: number) => {
    const x = results.parameters.find((q) => q.name === name)?.value;
    return typeof x === 'number' ? x : fallback;
  };
  const cd = value('discharge_coefficient', 0.61);
  const ca = value('runoff_coefficient', 1);
  const rain = results.rain;
  const roofs = roofsOf(p);
  const storms: SwmmStorm[] = resultStorms(results).map(({ kind, storm }) => {
    const total = storm.reduce((m, x) => Math.max(m, x.start + x.minutes), 0);
    const intense = results.routing!.storms!.find((s) => s.kind === kind)?.intense_min ?? 0;
    return {
      kind,
      steps: storm,
      label: t(`sl.swmm.storms.${kind}`, { minutes: total, hours: plain(total / 60, 3), intense, total }),
    };
  });
  const longest = storms.reduce(
    (m, s) =>
      Math.max(
        m,
        s.steps.reduce((x, y) => Math.max(x, y.start + y.minutes), 0),
      ),
    0,
  );
  const emptying = Math.min(
    240,
    results.limiters.reduce((m, l) => Math.max(m, l.emptying_hours), 0),
  );
  const hours = Math.ceil(longest / 60 + emptying + 1);
  const source =
    rain.source === 'typed'
      ? t('sl.swmm.source_typed', { reference: rain.reference ?? '' })
      : rain.department
        ? t('sl.swmm.source_regional', { department: rain.department, source: rain.reference ?? '' })
        : t('sl.swmm.source_published');
  const routed = results.routing!.governing ?? 'block';
  const model: SwmmModel = {
    title: [
      ctx.number === null ? ctx.name : t('sl.swmm.title', { name: ctx.name, number: ctx.number }),
      t('sl.swmm.method', { version: results.method.version, diameter, cd: plain(cd) }),
      t('sl.swmm.rain', {
        a: plain(rain.a),
        b: plain(rain.b),
        T: rain.return_period_years,
        d0: rain.validity_min[0],
        d1: rain.validity_min[1],
        source,
      }),
    ],
    notes: [
      t('sl.swmm.notes.model'),
      t('sl.swmm.notes.routing'),
      t('sl.swmm.notes.storms', { storm: storms.find((s) => s.kind === routed)?.label ?? '' }),
    ],
    roofs,
    diameter: diameter / 1000,
    cd,
    g: value('gravity_m_s2', 9.81),
    ca,
    storms,
    routed,
    seconds: hours * 3600,
    words: {
      roof: (r) =>
        t('sl.swmm.roof', {
          name: r.name,
          surface: plain(r.surface),
          thickness: plain(r.layer.thickness),
          porosity: plain(r.layer.porosity),
          recess: plain(r.recess),
        }),
      drain: (r, n) => t('sl.swmm.drain', { name: r.name, n, diameter }),
      outfall: (r, n) => t('sl.swmm.outfall', { name: r.name, n }),
      inflow: (r, others) =>
        t('sl.swmm.inflow', { name: r.name, surface: plain(r.surface), ca: plain(ca), others }),
      curve: (r) => t('sl.swmm.curve', { name: r.name }),
    },
  };
  return flowLimiterInp(model);
}
