/**
 * sl's leakage verdict within 0.1 % of the permit against EPA SWMM 5.2.4 (helper edge13): the Lyon
 * example on its 10 mm minimum orifices and the gravel 4050 m2 design (91 mm), each at permits around the
 * product's peak, every design storm run in SWMM on the exported model; prints each peak over Qf.
 *
 * Run: bash scripts/node.sh npx tsx tests/swmm/sl-permit-sweep.ts
 */
import { calculate, type FlowLimiterResults, type StoredProject } from '../../server/calc';
import { bundleOfProduct } from '../../server/projects/products';
import { compareDesign } from './compare';
import { WIDE } from './designs';
import { swmmBinary } from './runswmm';
import { example } from '../calc/helpers';

const bin = swmmBinary();
if ('reason' in bin) throw new Error(bin.reason);
const withRate = (base: StoredProject, rate: number) => {
  const p = structuredClone(base);
  Object.assign(p.steps.Chantier!.forms![0]!.form!, { max_fuite: true, fuite_value: rate });
  return p;
};
const cases: [string, StoredProject, number[]][] = [
  [
    'Lyon, 10 mm minimum orifices',
    example('sl-lyon') as StoredProject,
    [1.5655, 1.5665, 1.567, 1.56715, 1.567208, 1.5673, 1.567522, 1.5678, 1.5685],
  ],
  [
    'gravel 4050 m2, one drain',
    WIDE[0]!.project,
    [12.39, 12.396, 12.398, 12.399, 12.3995, 12.4, 12.401, 12.402, 12.404, 12.41],
  ],
];
for (const [label, base, rates] of cases)
  for (const rate of rates) {
    const p = withRate(base, rate);
    const r = calculate(bundleOfProduct('slowli'), p);
    if (!r.ok) throw new Error('x');
    const res = r.results as FlowLimiterResults;
    const qf = res.allowed_leakage_l_s; // rounded: recompute
    const area = (p.steps.Toiture!.forms ?? []).reduce(
      (s, f) => s + Number((f.form as Record<string, unknown>).surface_retention),
      0,
    );
    const qfExact = (rate * area) / 10000 / 1000; // m3/s
    const comps = await compareDesign(bin.path, { label, project: p });
    const peaks = comps.map((c) => {
      const x = c.pairs.find((q) => q.what.startsWith('site peak'))!;
      return { storm: c.storm, product: x.product / qfExact, swmm: x.swmm / qfExact };
    });
    const pw = Math.max(...peaks.map((x) => x.product));
    const sw = Math.max(...peaks.map((x) => x.swmm));
    console.log(
      `${label} | ${rate} L/s/ha | d ${res.diameter} mm | Qf ${qf} | product peak/Qf ${pw.toFixed(6)} conform ${res.leakage_conform} | SWMM 5.2.4 peak/Qf ${sw.toFixed(6)} ${sw <= 1 + 1e-9 ? 'within' : 'over'} | ${peaks.map((x) => `${x.storm} ${x.product.toFixed(5)}/${x.swmm.toFixed(5)}`).join(' ')}`,
    );
  }
