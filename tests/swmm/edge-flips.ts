/**
 * Where the product's site verdict flips and where EPA SWMM 5.2.4's flips on the exported model (helper
 * edge13): each case's receiving garden is bisected to the product's edge (edge.ts), then SWMM's share of
 * rainy days is bisected over the garden's area, judged on the day's own sewer volume and on the water
 * traced 3 h past midnight; at SWMM's last area not met the product's share, its stricter share (3.1.1)
 * and whether the verdict says "À la limite" (the 7.5-point band or the stricter target) are printed.
 *
 * Run: bash scripts/node.sh npx tsx tests/swmm/edge-flips.ts [case ...] (about 10 SWMM runs a case)
 */
import { dayInputs, edgeArea, modelAt, paris, shareOf, swmmDaily, toronto, variant } from './edge';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { swmmBinary } from './runswmm';
import type { StoredProject } from '../../server/calc';

const ROOT = join(import.meta.dirname, '../..');
const bin = swmmBinary();
if ('reason' in bin) throw new Error(bin.reason);
const cache = new Map<string, { own: number; traced: number; cont: string; ew: number }>();
type C = ReturnType<typeof paris>;
async function swmmAt(c: C, area: number) {
  const k = `${c.label}@${area}`;
  if (cache.has(k)) return cache.get(k)!;
  const { p, model, text } = modelAt(c, area);
  const input = dayInputs(model);
  const siteArea = model.surfaces.reduce((x, s) => x + s.area, 0);
  const target = Number(p.steps.Chantier!.forms![0]!.form!.millimeters);
  const s = await swmmDaily((bin as { path: string }).path, variant(text, 'base'), input.length, model);
  const r = {
    own: shareOf(input, s.vol, target, siteArea),
    traced: shareOf(input, s.traced, target, siteArea),
    cont: s.continuity.join('/'),
    ew: s.errors + s.warnings,
  };
  cache.set(k, r);
  return r;
}
function productAt(c: C, area: number) {
  const { results } = modelAt(c, area);
  const s = results.site as unknown as Record<string, number | boolean | null>;
  const share = s.respectConsigneAbattement as number;
  const min = s.target_min_share as number;
  const band = share < min + 7.5 && share > min - 7.5;
  const stricter =
    s.target_met === true &&
    share >= min + 7.5 &&
    s.target_stricter_share !== null &&
    (s.target_stricter_share as number) < min;
  return { share, met: s.target_met, stricter: s.target_stricter_share, edge: band || stricter };
}
async function swmmEdge(c: C, lo: number, hi: number, key: 'own' | 'traced') {
  // smallest area where SWMM's share >= 90 between lo (not met) and hi (met)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await swmmAt(c, mid))[key] >= 90) hi = mid;
    else lo = mid;
  }
  return hi;
}
const ex = (f: string) =>
  JSON.parse(readFileSync(join(ROOT, 'server/calc/examples', f), 'utf8')) as StoredProject;
const all: C[] = [
  paris(4),
  paris(8),
  paris(12),
  paris(16),
  toronto('smca Toronto, 5 mm', ex('smca-toronto.json')),
];
const wanted = process.argv.slice(2);
for (const c of all.filter((x) => !wanted.length || wanted.some((w) => x.label.includes(w)))) {
  const ap = edgeArea(c);
  const line = [
    `${c.label}: product flips at ${ap} m2 (${JSON.stringify(productAt(c, ap - 1))} -> ${JSON.stringify(productAt(c, ap))})`,
  ];
  const sAp = await swmmAt(c, ap);
  line.push(
    `SWMM at ${ap}: own ${sAp.own.toFixed(2)} traced ${sAp.traced.toFixed(2)} cont ${sAp.cont} e+w ${sAp.ew}`,
  );
  for (const key of ['own', 'traced'] as const) {
    if (sAp[key] >= 90) {
      // SWMM met where the product just meets: look below
      let lo = Math.floor(ap * 0.8);
      while ((await swmmAt(c, lo))[key] >= 90) lo = Math.floor(lo * 0.8);
      const as = await swmmEdge(c, lo, ap, key);
      line.push(
        `SWMM[${key}] flips at ${as} m2 (below the product's); product at ${as}: ${JSON.stringify(productAt(c, as))}`,
      );
    } else {
      let hi = Math.ceil(ap * 1.25);
      while ((await swmmAt(c, hi))[key] < 90) hi = Math.ceil(hi * 1.25);
      const as = await swmmEdge(c, ap, hi, key);
      const s1 = await swmmAt(c, as - 1);
      line.push(
        `SWMM[${key}] flips at ${as} m2 (${s1[key].toFixed(2)} at ${as - 1}); product at ${as - 1}: ${JSON.stringify(productAt(c, as - 1))}`,
      );
    }
  }
  console.log(line.join('\n  '));
}
