/**
 * The climate stress day by day against EPA SWMM 5.2.4 (helper sens12): a site's rainy days judged on the
 * target (the site keeps at least min(rain, target) x its area) with its rain as it is and times 1.1 and
 * 1.2, the same days raining harder. The product's share (its results and its stress), the plain daily
 * balance's (edge.ts), SWMM's on the model a user downloads with every rain entry of its gage scaled; and
 * the days whose verdict the factor turns, with their rain.
 *
 * Run: bash scripts/node.sh npx tsx tests/swmm/stress-days.ts [nobare] [minimal] [swmm] [variant=burst]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculate, type AbattementResults, type StoredProject } from '../../server/calc';
import type { AbattementModel } from '../../server/calc/abattement/abattement';
import { bundleOfProduct } from '../../server/projects/products';
import {
  dayInputs,
  lastRetention,
  modelAt,
  productShare,
  shareOf,
  swmmDaily,
  TOLERANCE_MM,
  variant,
} from './edge';
import { swmmBinary } from './runswmm';

const ROOT = join(import.meta.dirname, '../..');
const FACTORS = [1, 1.1, 1.2];
const args = process.argv.slice(2);
/** SWMM's model as downloaded with an hourly report ('base'), or switched (edge.ts: 'burst', ...) */
const SWMM_VARIANT = args.find((a) => a.startsWith('variant='))?.slice(8) ?? 'base';

/**
 * The Paris example (the green roof onto the garden, the bare roof to the sewer); `nobare`: without the
 * bare roof; `minimal`: without the garden.
 */
function project(): StoredProject {
  const p = JSON.parse(
    readFileSync(join(ROOT, 'server/calc/examples/sm-paris.json'), 'utf8'),
  ) as StoredProject;
  if (args.includes('nobare')) {
    p.steps.Toiture!.forms!.splice(1, 1);
    p.steps.Deversement!.forms!.splice(1, 1);
  }
  if (args.includes('minimal')) {
    // the smallest site that shows it: the green roof and the bare roof, both to the sewer, no ground
    p.steps.Sol!.forms = [];
    p.steps.Deversement!.forms![0]!.form!.destination = 'Égouts';
  }
  return p;
}

/** The model with every day's rain and snow times f (what the stress runs on). */
const scaled = (m: AbattementModel, f: number): AbattementModel => ({
  ...m,
  series: { ...m.series, precip: m.series.precip.map((x) => x * f), snow: m.series.snow.map((x) => x * f) },
});

/** The .inp with every entry of the rain gage's series times f. */
const scaledInp = (text: string, f: number) =>
  text.replace(/^(RAIN\s+\S+\s+\S+\s+)(\S+)/gm, (_l, a: string, v: string) => `${a}${Number(v) * f}`);

/** Each rainy day's verdict (1 met, 0 missed, -1 not rainy). */
function verdicts(input: Float64Array, sewer: Float64Array, target: number, area: number): Int8Array {
  return Int8Array.from(input, (x, d) =>
    x < 1 ? -1 : sewer[d]! <= Math.max(0, x - target) * area + TOLERANCE_MM * area ? 1 : 0,
  );
}

const p = project();
const c = {
  label: `sm-paris${args.includes('nobare') ? ' without its bare roof' : ''}${args.includes('minimal') ? ' without its garden' : ''}`,
  product: 'skywater_manager' as const,
  project: () => p,
  lo: 0,
  hi: 0,
};
const r = calculate(bundleOfProduct('skywater_manager'), p);
if (!r.ok) throw new Error(JSON.stringify(r.reasons));
const results = r.results as AbattementResults & {
  stress: { rain_factor: number; site: AbattementResults['site'] }[];
};
const product = [results.site, ...results.stress.map((s) => s.site)];
const { model, text } = modelAt(c, 0);
const target = Number(p.steps.Chantier!.forms![0]!.form!.millimeters);
const area = model.surfaces.reduce((x, s) => x + s.area, 0);
const bin = args.includes('swmm') ? swmmBinary() : null;
if (bin && 'reason' in bin) throw new Error(bin.reason);
console.log(`${c.label}: ${area} m2, target ${target} mm`);
const plainDays: Int8Array[] = [];
const swmmDays: Int8Array[] = [];
for (const [k, f] of FACTORS.entries()) {
  const m = scaled(model, f);
  const input = dayInputs(m);
  const plain = productShare(m, target, 'base');
  plainDays.push(verdicts(input, lastRetention.sewer, target, area));
  let line = `x${f}: product ${product[k]!.respectConsigneAbattement} % (abattement ${product[k]!.abattement} %) | plain ${plain.toFixed(1)} %`;
  if (bin && !('reason' in bin)) {
    const s = await swmmDaily(bin.path, variant(scaledInp(text, f), SWMM_VARIANT), input.length, m);
    swmmDays.push(verdicts(input, s.vol, target, area));
    const rain = input.reduce((x, y) => x + y, 0) * area;
    const sewer = s.vol.reduce((x, y) => x + y, 0);
    line += ` | SWMM[${SWMM_VARIANT}] ${shareOf(input, s.vol, target, area).toFixed(1)} % (abattement ${(100 * (1 - sewer / rain)).toFixed(1)} %, continuity ${s.continuity.join('/')})`;
  }
  console.log(line);
}

/** The days the factor turns, by their rain as it is. */
function turned(days: Int8Array[], who: string) {
  const input = dayInputs(model);
  const bands = [1, 4, 8, 10, 12, 16, 24, Infinity];
  const bandOf = (x: number) => bands.findIndex((b, i) => x >= b && x < bands[i + 1]!);
  const row = (xs: number[]) => xs.map((x, i) => `${bands[i]}-${bands[i + 1]} mm: ${x}`).join(', ');
  // the rainy days met at each factor, by their rain as it is, beside the rainy days of each band
  const all = new Array<number>(bands.length - 1).fill(0);
  for (const x of input) if (x >= 1) all[bandOf(x)]! += 1;
  console.log(`${who}: rainy days as it is by band: ${row(all)}`);
  FACTORS.forEach((f, k) => {
    const met = new Array<number>(bands.length - 1).fill(0);
    for (let d = 0; d < input.length; d += 1)
      if (days[k]![d] === 1 && input[d]! >= 1) met[bandOf(input[d]!)]! += 1;
    console.log(`${who} x${f}: met days by band: ${row(met)}`);
  });
  for (const k of [1, 2]) {
    const won = new Array<number>(bands.length - 1).fill(0);
    const lost = new Array<number>(bands.length - 1).fill(0);
    let became = 0;
    for (let d = 0; d < input.length; d += 1) {
      const [a, b] = [days[0]![d]!, days[k]![d]!];
      if (a === -1 && b !== -1) became += 1;
      const band = bandOf(input[d]!);
      if (band < 0) continue;
      if (a !== 1 && b === 1) won[band]! += 1;
      if (a === 1 && b !== 1) lost[band]! += 1;
    }
    console.log(`${who} x${FACTORS[k]}: ${became} days become rainy`);
    console.log(`  met now, missed as it is (${won.reduce((x, y) => x + y, 0)}): ${row(won)}`);
    console.log(`  missed now, met as it is (${lost.reduce((x, y) => x + y, 0)}): ${row(lost)}`);
  }
}
turned(plainDays, 'plain');
if (swmmDays.length) turned(swmmDays, 'SWMM');
