/**
 * Method 3.3 sketched (helper grswmm2): a green roof's soil does not evaporate on a day water reaches it
 * and dries at PET (x Kc, or not) to empty between rains; on a water day every surface is walked in H
 * sub-steps (the day's water evenly over 24 h), a ground infiltrating its daily capacity / H a step. For
 * each case, the product's own edge and the sketch's (bisected 1 m2 at a time), SWMM on the model exported
 * at that edge: the site, and the roofs alone (the grounds shrunk to nothing, the roofs that spill onto
 * them to the sewer), each day judged on SWMM's sewer volume of the day (and traced 3 h past midnight).
 * Switches: E33_H (steps a day), E33_KC=0 (full PET), E33_WETET=1 (a day's PET at the end of a water day
 * too), E33_GET=step (a ground's ET a step at a time), E33_BARE=sub, E33_ONLY=33 (the sketch alone).
 * Run: EDGE_NO_BARE=1 bash scripts/node.sh npx tsx tests/swmm/edge-33.ts [4 8 12 16 toronto]
 */
import { readFileSync } from 'node:fs';
import type { AbattementModel } from '../../server/calc/abattement/abattement';
import { dayInputs, edgeArea, modelAt, paris, shareOf, swmmDaily, toronto, variant } from './edge';
import { swmmBinary } from './runswmm';
import { calculate, type AbattementResults } from '../../server/calc';
import { bundleOfProduct } from '../../server/projects/products';

const H = Number(process.env.E33_H ?? 24);
const KC = process.env.E33_KC !== '0';
// a green roof's soil dries a day's PET (x Kc) at the end of a water day too (after the day's spill)
const WETET = process.env.E33_WETET === '1';
// a ground evaporates a step's share at each step (default: at the day's end, as the balance)
const GROUND_STEP_ET = process.env.E33_GET === 'step';

/** The roofs' model alone: grounds shrunk to nothing, what spilled onto one goes to the sewer. */
function roofsAlone(m: AbattementModel): AbattementModel {
  const ground = m.surfaces.map((s) => !s.roof);
  return {
    ...m,
    surfaces: m.surfaces.map((s) => ({
      ...s,
      to: s.to >= 0 && ground[s.to] ? -1 : s.to,
      area: s.roof ? s.area : 1e-7,
    })),
  };
}

/** The sewer volume (L) of each day under method 3.3 (kc: a green roof dries at PET x Kc). */
export function sewer33(
  m: AbattementModel,
  opts: { h?: number; kc?: boolean; bareSub?: boolean } = { bareSub: process.env.E33_BARE === 'sub' },
) {
  const h = opts.h ?? H;
  const kc = opts.kc ?? KC;
  const input = dayInputs(m);
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
  const green = m.surfaces.map((_, i) => m.layers[i] !== null && m.layers[i] !== undefined);
  const store = new Float64Array(n);
  const inflow = new Float64Array(n);
  const sewer = new Float64Array(input.length);
  const dayOut = new Float64Array(n);
  for (let d = 0; d < input.length; d += 1) {
    const pet = m.petDaily[m.series.month[d]!]!;
    const x = input[d]!;
    const steps = x > 0 ? h : 1;
    const r = x / steps;
    dayOut.fill(0);
    for (let k = 0; k < steps; k += 1) {
      inflow.fill(0);
      for (const i of order) {
        const s = m.surfaces[i]!;
        const cap = s.capacity * s.area;
        let w = store[i]! + r * s.area + inflow[i]!;
        const infil = Math.min(w, (s.infiltration * s.area) / steps);
        w -= infil;
        const out = Math.max(0, w - cap);
        w -= out;
        if (green[i]) {
          if (x === 0 || (WETET && k === steps - 1)) w -= Math.min(w, pet * (kc ? s.kc : 1) * s.area);
        } else if ((s.roof && !opts.bareSub) || (!s.roof && !GROUND_STEP_ET)) {
          // ET once, at the day's end (below), as the balance does
        } else if (cap > 0) w -= Math.min(w, (((pet * s.kc) / s.capacity) * w) / steps);
        store[i] = w;
        dayOut[i]! += out;
        if (s.to >= 0) inflow[s.to]! += out;
        else sewer[d]! += out;
      }
    }
    if (!opts.bareSub)
      for (const i of order) {
        const s = m.surfaces[i]!;
        if (((s.roof && !opts.bareSub) || (!s.roof && !GROUND_STEP_ET)) && !green[i] && s.capacity > 0)
          store[i]! -= Math.min(store[i]!, ((pet * s.kc) / s.capacity) * store[i]!);
      }
  }
  return { input, sewer };
}

export function share33(m: AbattementModel, target: number, opts = {}) {
  const { input, sewer } = sewer33(m, opts);
  const area = m.surfaces.reduce((x, s) => x + s.area, 0);
  return shareOf(input, sewer, target, area);
}

type Case = ReturnType<typeof paris>;
const targetOf = (c: Case) => Number(c.project(1).steps.Chantier!.forms![0]!.form!.millimeters);

/** The smallest ground where the sketch meets 90 %. */
function edge33(c: Case): number {
  const t = targetOf(c);
  const ok = (a: number) => share33(modelAt(c, a).model, t) >= 90;
  let lo = c.lo;
  let hi = c.hi;
  if (!ok(hi)) throw new Error(`${c.label}: 3.3 not met at ${hi}`);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (ok(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The roofs-alone .inp: grounds at 1e-7 ha, their inflowing roofs' outlets to the sewer. */
function roofsAloneInp(text: string, m: AbattementModel): string {
  const grounds = new Set(m.surfaces.flatMap((s, i) => (s.roof ? [] : [`S${i + 1}`])));
  return text.replace(
    /^(S\d+)(\s+GAGE\s+)(\S+)(\s+)(\S+)/gm,
    (l, name: string, g: string, out: string, sp: string, ha: string) =>
      `${name}${g}${grounds.has(out) ? 'SEWER' : out}${sp}${grounds.has(name) ? '0.00000001' : ha}`,
  );
}

/** The product's share for the roofs alone: the grounds removed, what spilled onto them to the sewer. */
function productRoofsAlone(c: Case, area: number): number {
  const p = c.project(area);
  const grounds = new Set((p.steps.Sol?.forms ?? []).map((f) => f.uuid));
  p.steps.Sol!.forms = [];
  p.steps.Sol!.condition_value = false;
  for (const f of p.steps.Deversement!.forms!) {
    const d = f.form!.destination as { uuid?: string } | string | null;
    if (d && typeof d === 'object' && grounds.has(d.uuid ?? '')) f.form!.destination = 'Égouts';
  }
  const r = calculate(bundleOfProduct(c.product), p, { stress: false, explain: false } as never);
  if (!r.ok) throw new Error(`${c.label}, roofs alone: ${JSON.stringify(r.reasons).slice(0, 300)}`);
  return Number((r.results as AbattementResults).site.respectConsigneAbattement);
}

async function swmmShares(bin: string, c: Case, area: number) {
  const { model, text, results } = modelAt(c, area);
  const t = targetOf(c);
  const input = dayInputs(model);
  const siteArea = model.surfaces.reduce((x, s) => x + s.area, 0);
  const roofs = roofsAlone(model);
  const roofArea = roofs.surfaces.filter((s) => s.roof).reduce((x, s) => x + s.area, 0);
  const site = await swmmDaily(bin, variant(text, 'base'), input.length, model);
  const alone = await swmmDaily(bin, variant(roofsAloneInp(text, model), 'base'), input.length, model);
  return {
    model,
    results,
    site: shareOf(input, site.vol, t, siteArea),
    siteTraced: shareOf(input, site.traced, t, siteArea),
    roof: shareOf(input, alone.vol, t, roofArea, 1e-3),
    roofArea,
    cont: `${site.continuity.join('/')}; ${site.errors} err ${site.warnings} warn`,
  };
}

async function main() {
  const bin = swmmBinary();
  if ('reason' in bin) throw new Error(bin.reason);
  const ex = () => JSON.parse(readFileSync('server/calc/examples/smca-toronto.json', 'utf8'));
  const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ['4', '8', '12', '16', 'toronto'];
  const f = (x: number) => x.toFixed(1);
  for (const w of wanted) {
    const c = w === 'toronto' ? toronto('smca Toronto, 5 mm', ex()) : paris(Number(w));
    const t = targetOf(c);
    for (const method of process.env.E33_ONLY === '33' ? ['3.3'] : ['product', '3.3']) {
      const area = method === 'product' ? edgeArea(c) : edge33(c);
      const s = await swmmShares(bin.path, c, area);
      const p = method === 'product' ? Number(s.results.site.respectConsigneAbattement) : share33(s.model, t);
      const roofsM = roofsAlone(s.model);
      const pr = method === 'product' ? productRoofsAlone(c, area) : share33(roofsM, t);
      console.log(
        `${c.label} | ${method === 'product' ? `product ${s.results.method.version}` : method}${method === '3.3' ? ` H${H} kc${KC ? 1 : 0}${WETET ? ' wetET' : ''}${GROUND_STEP_ET ? ' groundStepET' : ''}` : ''} | ground ${area} m2 | site product ${f(p)} SWMM ${f(s.site)} (traced ${f(s.siteTraced)}) gap ${f(p - s.site)} | roofs alone product ${f(pr)} SWMM ${f(s.roof)} gap ${f(pr - s.roof)} | ${s.cont}`,
      );
    }
  }
}
if (process.argv[1]?.endsWith('edge-33.ts')) await main();
