/**
 * SWMM's days of each edge case (dumped by EDGE_DUMP=1 edge.ts) judged at several tolerances (mm over the
 * site reaching the sewer on a day that keeps all its water), beside the plain balance's variants.
 */
import { tmpdir } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { dayInputs, measuredSite, modelAt, paris, productShare, shareOf, toronto } from './edge';

const ex = () => JSON.parse(readFileSync('server/calc/examples/smca-toronto.json', 'utf8'));
const s = await measuredSite();
const cases = [
  [paris(4), 80],
  [paris(8), 153],
  [paris(16), 202],
  [toronto('smca Toronto, 5 mm', ex()), 262],
  [toronto('smca Montréal measured 1991-2002, 5 mm', s.project, s.measured), 333],
] as const;
const tols = [1e-6, 1e-3, 1e-2, 0.1];
for (const [c, area] of cases) {
  const { p, model } = modelAt(c, area);
  const input = dayInputs(model);
  const target = Number(p.steps.Chantier!.forms![0]!.form!.millimeters);
  const siteArea = model.surfaces.reduce((x, y) => x + y.area, 0);
  for (const v of ['base', 'burst', 'fast+mat', 'roofonly']) {
    const f = `${tmpdir()}/grswmm-daily-${c.label.replace(/\W+/g, '_')}-${area}-${v}.json`;
    if (!existsSync(f)) continue;
    const sw = Float64Array.from(JSON.parse(readFileSync(f, 'utf8')) as number[]);
    const a = v === 'roofonly' ? model.surfaces[0]!.area : siteArea;
    console.log(
      `${c.label} ${area} m2 SWMM[${v}]`,
      tols.map((t) => `${t}: ${shareOf(input, sw, target, a, t).toFixed(1)}`).join(' | '),
    );
  }
  console.log(
    `${c.label} plain`,
    (process.env.PV ?? 'base,zero,zero+kc,wet0,zero+wet0,zero+kc+wet0')
      .split(',')
      .map((v) => `${v} ${productShare(model, target, v).toFixed(1)}`)
      .join(' | '),
  );
}
