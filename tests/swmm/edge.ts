/**
 * Green roofs at the target's edge against EPA SWMM 5.2.4 (helper grswmm): each case's receiving ground
 * is bisected (1 m2 at a time) to the smallest area where the product's site meets its target, the model
 * is exported as a user downloads it, SWMM runs it with an hourly report, and each rainy day is judged
 * by the same rule on SWMM's sewer volume of the day (the outfall's inflow, hourly, trapezoids).
 * Variants of the .inp switch SWMM's processes one at a time (EDGE_VARIANTS=burst,fast,...).
 *
 * Run: bash scripts/node.sh npx tsx tests/swmm/edge.ts [case ...] (the other edge-*.ts read its dumps)
 */
import { tmpdir } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculate, type AbattementResults, type StoredProject } from '../../server/calc';
import { abattementSwmmOf } from '../../server/calc/abattement/swmmExport';
import type { AbattementModel, MeasuredInput } from '../../server/calc/abattement/abattement';
import { OUTFALL } from '../../server/calc/abattement/swmm';
import { bundleOfProduct } from '../../server/projects/products';
import { i18nOf } from '../../server/i18n';
import { measuredSite, type Product } from './retention';
import { runSwmm, swmmBinary } from './runswmm';

const ROOT = join(import.meta.dirname, '../..');
const example = (f: string) =>
  JSON.parse(readFileSync(join(ROOT, 'server/calc/examples', f), 'utf8')) as StoredProject;

interface Case {
  label: string;
  product: Product;
  /** the project with its receiving ground of `area` m2 */
  project: (area: number) => StoredProject;
  measured?: MeasuredInput;
  lo: number;
  hi: number;
}

function paris(mm: number): Case {
  return {
    label: `sm Paris, ${mm} mm`,
    product: 'skywater_manager',
    lo: 1,
    hi: 20000,
    project: (area) => {
      const p = structuredClone(example('sm-paris.json'));
      p.steps.Chantier!.forms![0]!.form!.millimeters = mm;
      const sol = p.steps.Sol!.forms![0]!.form!;
      sol.surface = area;
      // both roofs drain onto the garden (the bare roof to the sewer would miss every rain below the target)
      for (const f of p.steps.Deversement!.forms!) f.form!.destination = { ...sol, uuid: 'Sol0' };
      if (process.env.EDGE_NO_BARE) {
        // the green roof alone onto the garden
        p.steps.Toiture!.forms!.splice(1, 1);
        p.steps.Deversement!.forms!.splice(1, 1);
      }
      return p;
    },
  };
}

/** Toronto: the tower roof (which takes the podium's spill) drains onto a garden in open ground. */
function toronto(label: string, base: StoredProject, measured?: MeasuredInput): Case {
  return {
    label,
    product: 'smca',
    lo: 1,
    hi: 40000,
    ...(measured ? { measured } : {}),
    project: (area) => {
      const p = structuredClone(base);
      const ground = { name: 'Garden', surface: area, type: 'PLEINE_TERRE' };
      p.steps.Sol = {
        name: 'Sol',
        forms: [{ form: ground, uuid: 'Sol0' }],
        state: 0,
        condition_value: true,
        toApi: true,
      } as StoredProject['steps'][string];
      const dev = p.steps.Deversement!.forms![0]!.form!;
      dev.destination = { ...ground, uuid: 'Sol0' };
      return p;
    },
  };
}

export function run(c: Case, area: number) {
  const p = c.project(area);
  const r = calculate(bundleOfProduct(c.product), p, {
    stress: false,
    explain: false,
    ...(c.measured ? { measured: c.measured } : {}),
  } as never);
  if (!r.ok) throw new Error(`${c.label}: ${JSON.stringify(r.reasons).slice(0, 400)}`);
  return { p, results: r.results as AbattementResults };
}

/** The smallest receiving ground (m2) where the product meets the target. */
/**
 * The site of `c` with its receiving ground of `area` m2: the project, the product's results, and the
 * model (and .inp text) a user downloads.
 */
export function modelAt(c: Case, area: number) {
  const { p, results } = run(c, area);
  const { i18n } = i18nOf(c.product, 'en');
  const { model, text } = abattementSwmmOf(p, results, {
    t: (k, x) => i18n.t(k, x ?? {}),
    name: c.label,
    number: 1,
    product: c.product,
    ...(c.measured ? { measured: c.measured } : {}),
  });
  return { p, results, model, text };
}

/** The surfaces of `m`, each after those that spill onto it (upstream first). */
function upstreamFirst(m: AbattementModel): number[] {
  const n = m.surfaces.length;
  const order: number[] = [];
  const seen = new Set<number>();
  const visit = (i: number) => {
    if (seen.has(i)) return;
    seen.add(i);
    for (let j = 0; j < n; j += 1) if (m.surfaces[j]!.to === i) visit(j);
    order.push(i);
  };
  for (let i = 0; i < n; i += 1) visit(i);
  return order;
}

function edgeArea(c: Case): number {
  let lo = c.lo;
  let hi = c.hi;
  if (!run(c, hi).results.site.target_met) throw new Error(`${c.label}: not met at ${hi} m2`);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (run(c, mid).results.site.target_met) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The product's water input of each day (rain and melt, as the balance has it). */
export function dayInputs(m: AbattementModel): Float64Array {
  const { precip, temp, snow } = m.series;
  const out = new Float64Array(precip.length);
  let pack = 0;
  for (let d = 0; d < precip.length; d += 1) {
    pack += snow[d]!;
    const melt = temp[d]! > 0 ? Math.min(pack, m.melt * temp[d]!) : 0;
    pack -= melt;
    out[d] = precip[d]! - snow[d]! + melt;
  }
  return out;
}

/**
 * How much may reach the sewer on a day that keeps all its water (mm over the site): SWMM's drainage
 * mat empties asymptotically, a trickle of 1e-4 mm a day that the product's bucket never has.
 */
export const TOLERANCE_MM = Number(process.env.EDGE_TOL ?? 1e-6);

/** The share of rainy days (%) whose sewer volume (L) is at most the rain beyond the target over the site. */
export function shareOf(
  input: Float64Array,
  sewer: Float64Array,
  target: number,
  siteArea: number,
  tol = TOLERANCE_MM,
) {
  let rainy = 0;
  let ok = 0;
  for (let d = 0; d < input.length; d += 1) {
    if (input[d]! < 1) continue;
    rainy += 1;
    if (sewer[d]! <= Math.max(0, input[d]! - target) * siteArea + tol * siteArea) ok += 1;
  }
  return (100 * ok) / rainy;
}

/** The .inp switched: hourly report, and SWMM's processes changed one at a time. */
export function variant(text: string, v: string): string {
  let t = text.replace(/^REPORT_STEP\s+\S+/m, (l) => l.replace(/\S+$/, '01:00:00'));
  const set = (re: RegExp, f: (...g: string[]) => string) => (t = t.replace(re, f));
  for (const x of v.split('+')) {
    if (x === 'burst')
      // the day's rain in its first hour
      set(/^GAGE\s+VOLUME\s+24:00/m, (l) => l.replace('24:00', '1:00'));
    if (x === 'fast')
      // the soil drains what is beyond its field capacity at once, the mat carries it off at once
      set(
        /^(GR\d+\s+SOIL(?:\s+\S+){4}\s+)100(\s+)/gm,
        (_l: string, a: string, b: string) => `${a}100000${b}`,
      );
    if (x === 'ginf')
      // the ground takes its whole daily infiltration in an hour (the daily balance: any inflow of the day)
      set(
        /^(S\d+\s+)(\S+)(\s+)(\S+)(\s+0\s+7\s+0)/gm,
        (_l: string, a: string, r: string, b: string, r2: string, c: string) =>
          Number(r) > 0 ? `${a}${Number(r) * 24}${b}${Number(r2) * 24}${c}` : `${a}${r}${b}${r2}${c}`,
      );
    if (x === 'gfast')
      // the pervious ground's overland flow leaves at once (Manning's n 0.15 -> 0.0001, width x 100)
      set(/^(S\d+\s+\S+\s+)0\.15(\s+0\s+[1-9])/gm, (_l: string, a: string, b: string) => `${a}0.0001${b}`);
    if (x === 'roofonly') {
      // the green roof straight to the sewer, the ground shrunk to nothing
      set(/^(S1\s+GAGE\s+)S\d+/m, (_l: string, a: string) => `${a}SEWER`);
      set(/^(S3\s+GAGE\s+SEWER\s+)\S+/m, (_l: string, a: string) => `${a}0.0000001`);
    }
    if (x === 'mat') set(/^(GR\d+\s+DRAINMAT\s+\S+\s+\S+\s+)\S+/gm, (_l: string, a: string) => `${a}0.0001`);
  }
  return t;
}

/**
 * SWMM's calendar days (from the model's first 1 January) to the series' days, -1 for a day that is none
 * of them: a generated year has 365 days and the calendar's 29 February (dry in the model) is none; a
 * measured series leaves out its incomplete years, which SWMM's one continuous run still simulates (dry),
 * so a measured year after a gap is read by its date, not by its rank (read by rank, 2002's days of the
 * tests' Montréal series read the dry 2001's sewer volumes, and its 2002 all fell on the last day).
 */
export function seriesDays(m: AbattementModel, days: number): number[] {
  const out: number[] = [];
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const measured = m.measuredYears;
  if (measured) {
    const kept = new Set(measured);
    for (let y = measured[0]!, d = 0; y <= measured[measured.length - 1]!; y += 1)
      for (let k = 0; k < 365 + (leap(y) ? 1 : 0); k += 1) out.push(kept.has(y) ? d++ : -1);
  } else
    for (let y = 2001, d = 0; d < days; y += 1)
      for (let k = 0; k < 365 + (leap(y) ? 1 : 0); k += 1) out.push(leap(y) && k === 59 ? -1 : d++);
  return out;
}

const SHIFT_S = Number(process.env.EDGE_SHIFT_H ?? 0) * 3600;

/** SWMM's sewer volume (L) per day of the series, from the hourly outfall inflow (LPS). */
export async function swmmDaily(binary: string, text: string, days: number, m: AbattementModel) {
  const r = await runSwmm(binary, text);
  if (!r.out) throw new Error(`no SWMM output: ${r.errors.join('; ')}`);
  const q = r.out.node(OUTFALL, 4);
  const times = r.out.times;
  const seriesDay = seriesDays(m, days);
  const vol = new Float64Array(days);
  // the first 3 hours of a day counted with the day before: SWMM's recession after a rain that ended at
  // midnight (about 1 to 2 hours), the day's water traced rather than the day's own volume
  const traced = new Float64Array(days);
  let tPrev = 0;

  for (let k = 0; k < times.length; k += 1) {
    const t = times[k]!;
    // the flow at the hour's end times the hour: SWMM reports instantaneous flows, and a trapezoid would
    // carry half an hour of the flow at midnight (the day's rain ends at 24:00) into the next day
    const v = q[k]! * (t - tPrev);
    // EDGE_SHIFT_H: the first hours of a day counted with the day before (SWMM's recession after the rain
    // that ended at midnight: the day's water traced rather than the day's own volume)
    const d = seriesDay[Math.min(seriesDay.length - 1, Math.max(0, Math.floor((t - 1 - SHIFT_S) / 86400)))]!;
    if (d >= 0) vol[d]! += v;
    const d3 =
      seriesDay[Math.min(seriesDay.length - 1, Math.max(0, Math.floor((t - 1 - 3 * 3600) / 86400)))]!;
    if (d3 >= 0) traced[d3]! += v;
    tPrev = t;
  }
  return { vol, traced, continuity: r.continuity, errors: r.errors.length, warnings: r.warnings.length };
}

async function main() {
  const bin = swmmBinary();
  if ('reason' in bin) throw new Error(bin.reason);
  const wanted = process.argv.slice(2);
  const variants = (process.env.EDGE_VARIANTS ?? 'base').split(',');
  const all: Case[] = [
    paris(4),
    paris(8),
    paris(12),
    paris(16),
    toronto('smca Toronto, 5 mm', example('smca-toronto.json')),
  ];
  if (wanted.length === 0 || wanted.some((w) => w.includes('measured'))) {
    const s = await measuredSite();
    all.push(toronto('smca Montréal measured 1991-2002, 5 mm', s.project, s.measured));
  }
  const cases = wanted.length ? all.filter((c) => wanted.some((w) => c.label.includes(w))) : all;
  const lines: string[] = [];
  for (const c of cases) {
    const area = process.env.EDGE_AREA ? Number(process.env.EDGE_AREA) : edgeArea(c);
    const { p, results, model, text } = modelAt(c, area);
    const input = dayInputs(model);
    const siteArea = model.surfaces.reduce((x, s) => x + s.area, 0);
    const target = Number(p.steps.Chantier!.forms![0]!.form!.millimeters);
    for (const v of variants) {
      const inp = variant(text, v);
      if (process.env.EDGE_SAVE)
        writeFileSync(`${tmpdir()}/grswmm-${c.label.replace(/\W+/g, '_')}-${v}.inp`, inp);
      const s = await swmmDaily(bin.path, inp, input.length, model);
      if (process.env.EDGE_DUMP)
        writeFileSync(
          `${tmpdir()}/grswmm-daily-${c.label.replace(/\W+/g, '_')}-${area}-${v}${SHIFT_S ? `-shift${SHIFT_S / 3600}` : ''}.json`,
          JSON.stringify(Array.from(s.vol)),
        );
      const line = `${c.label} | ground ${area} m2 | product ${results.site.respectConsigneAbattement} % | SWMM[${v}] ${shareOf(input, s.vol, target, siteArea).toFixed(1)} % (traced 3 h: ${shareOf(input, s.traced, target, siteArea).toFixed(1)} %) | continuity ${s.continuity.join('/')} | ${s.errors} err ${s.warnings} warn`;
      console.log(line);
      lines.push(line);
    }
  }
}

if (process.argv[1]?.endsWith('edge.ts')) await main();

/**
 * The product's daily balance written plainly for a site's verdict, with SWMM's processes switched in one
 * at a time: `zero` a green roof's soil dries at the full PET to empty (SWMM: to its wilting point) instead
 * of PET x Kc x its filling; `wet0` no soil ET on a day water enters it (SWMM: none while it infiltrates).
 */
export function productShare(m: AbattementModel, target: number, v: string): number {
  const sw = new Set(v.split('+'));
  const input = dayInputs(m);
  const n = m.surfaces.length;
  const order = upstreamFirst(m);
  const store = new Float64Array(n);
  const siteArea = m.surfaces.reduce((x, s) => x + s.area, 0);
  const sewer = new Float64Array(input.length);
  for (let d = 0; d < input.length; d += 1) {
    const pet = m.petDaily[m.series.month[d]!]!;
    const inflow = new Float64Array(n);
    for (const i of order) {
      const s = m.surfaces[i]!;
      const green = m.layers[i] !== null && m.layers[i] !== undefined;
      const cap = s.capacity * s.area;
      const rain = input[d]! * s.area;
      let w = store[i]! + rain + inflow[i]!;
      const infil = Math.min(w, s.infiltration * s.area);
      w -= infil;
      const out = Math.max(0, w - cap);
      w -= out;
      let et: number;
      const wet = rain + inflow[i]! > 0;
      if (green && sw.has('wet0') && wet) et = 0;
      else if (green && sw.has('zero')) et = Math.min(w, pet * (sw.has('kc') ? s.kc : 1) * s.area);
      else if (!green && s.infiltration > 0 && sw.has('gzero')) et = Math.min(w, pet * s.area);
      else et = Math.min(w, cap > 0 ? pet * (s.kc / s.capacity) * w : 0);
      store[i] = w - et;
      if (s.to >= 0) inflow[s.to]! += out;
      else sewer[d]! += out;
    }
  }
  lastRetention.sewer = sewer;
  lastRetention.value =
    100 * (1 - sewer.reduce((x, y) => x + y, 0) / (input.reduce((x, y) => x + y, 0) * siteArea));
  return shareOf(input, sewer, target, siteArea);
}
export const lastRetention = { value: 0, sewer: new Float64Array(0) };

export async function productVariants(c: Case, area: number, variants: string[]) {
  const { p, results, model } = modelAt(c, area);
  const target = Number(p.steps.Chantier!.forms![0]!.form!.millimeters);
  return variants.map(
    (v) =>
      `${c.label} | ground ${area} m2 | product ${results.site.respectConsigneAbattement} % | plain[${v}] ${productShare(model, target, v).toFixed(1)} %`,
  );
}
export { paris, toronto, edgeArea, measuredSite };

/**
 * A sub-daily sketch of SWMM's processes (hour steps on days with water, one step on dry days): the day's
 * water falls evenly over 24 h; a green roof's soil does not evaporate while it rains and dries at the
 * full PET to empty between rains, spilling what exceeds its capacity at once; a ground infiltrates at
 * its daily capacity / 24 an hour and evaporates its store at the PET; a bare roof evaporates as it rains.
 */
export function hourlyShare(m: AbattementModel, target: number): { share: number; ms: number } {
  const t0 = performance.now();
  const input = dayInputs(m);
  const n = m.surfaces.length;
  const order = upstreamFirst(m);
  const green = m.surfaces.map((_, i) => m.layers[i] !== null && m.layers[i] !== undefined);
  const cap = Float64Array.from(m.surfaces, (s) => s.capacity * s.area);
  const area = Float64Array.from(m.surfaces, (s) => s.area);
  const icap = Float64Array.from(m.surfaces, (s) => s.infiltration * s.area);
  const to = Int32Array.from(m.surfaces, (s) => s.to);
  const store = new Float64Array(n);
  const inflow = new Float64Array(n);
  const siteArea = m.surfaces.reduce((x, s) => x + s.area, 0);
  const sewer = new Float64Array(input.length);
  for (let d = 0; d < input.length; d += 1) {
    const pet = m.petDaily[m.series.month[d]!]!;
    const x = input[d]!;
    const steps = x > 0 ? 24 : 1;
    const r = x / steps;
    const e = pet / steps;
    for (let h = 0; h < steps; h += 1) {
      inflow.fill(0);
      for (const i of order) {
        let w = store[i]! + r * area[i]! + inflow[i]!;
        const infil = Math.min(w, icap[i]! / steps);
        w -= infil;
        const out = Math.max(0, w - cap[i]!);
        w -= out;
        if (!(green[i] && x > 0)) w -= Math.min(w, e * area[i]!);
        store[i] = w;
        if (to[i]! >= 0) inflow[to[i]!]! += out;
        else sewer[d]! += out;
      }
    }
  }
  const ms = performance.now() - t0;
  lastRetention.sewer = sewer;
  return { share: shareOf(input, sewer, target, siteArea), ms };
}

export async function hourlyOf(c: Case, area: number) {
  const { p, results, model } = modelAt(c, area);
  const target = Number(p.steps.Chantier!.forms![0]!.form!.millimeters);
  hourlyShare(model, target);
  const h = hourlyShare(model, target);
  return `${c.label} | ground ${area} m2 | product ${results.site.respectConsigneAbattement} % | hourly sketch ${h.share.toFixed(1)} % | ${h.ms.toFixed(1)} ms for ${model.surfaces.length} surfaces`;
}
