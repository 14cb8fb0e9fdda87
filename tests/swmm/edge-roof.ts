/**
 * An edge case's green roof alone, straight to the sewer (SWMM's days dumped by EDGE_DUMP=1
 * EDGE_VARIANTS=roofonly edge.ts): SWMM's share of rainy days kept (at a tolerance of 0.001 mm, the
 * drainage mat's trickle) and annual retention beside the plain daily balance's variants.
 * npx tsx tests/swmm/edge-roof.ts 4|8|16|toronto (EDGE_NO_BARE=1 for Paris)
 */
import { tmpdir } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { dayInputs, lastRetention, paris, modelAt, productShare, shareOf, toronto } from './edge';

const arg = process.argv[2] ?? '8';
const ex = () => JSON.parse(readFileSync('server/calc/examples/smca-toronto.json', 'utf8'));
const [c, area] =
  arg === 'toronto'
    ? [toronto('smca Toronto, 5 mm', ex()), 262]
    : [paris(Number(arg)), { 4: 80, 8: 153, 16: 202 }[arg]!];
const { p, model } = modelAt(c, area);
const target = Number(p.steps.Chantier!.forms![0]!.form!.millimeters);
// the first surface straight to the sewer, the ground shrunk to nothing (as the roofonly .inp)
model.surfaces[0]!.to = -1;
model.surfaces[model.surfaces.length - 1]!.area = 1e-7;
const roofArea = model.surfaces.reduce((x, s) => x + s.area, 0);
const input = dayInputs(model);
const f = `${tmpdir()}/grswmm-daily-${c.label.replace(/\W+/g, '_')}-${area}-roofonly.json`;
const tot = (a: Float64Array) => a.reduce((x, y) => x + y, 0);
if (existsSync(f)) {
  const sw = Float64Array.from(JSON.parse(readFileSync(f, 'utf8')) as number[]);
  console.log(
    `${c.label}, roof alone: SWMM ${shareOf(input, sw, target, roofArea, 1e-3).toFixed(1)} % (strict ${shareOf(input, sw, target, roofArea, 1e-6).toFixed(1)}), retention ${(100 * (1 - tot(sw) / (tot(input) * roofArea))).toFixed(1)} %`,
  );
}
for (const v of ['base', 'zero', 'zero+kc', 'wet0', 'zero+wet0', 'zero+kc+wet0'])
  console.log(
    `  plain[${v}] ${productShare(model, target, v).toFixed(1)} %, retention ${lastRetention.value.toFixed(1)} %`,
  );
