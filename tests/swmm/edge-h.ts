/** The hourly sketch of SWMM's processes on an edge case (edge.ts hourlyShare), with its time: npx tsx tests/swmm/edge-h.ts 4|8|16|toronto. */
import { readFileSync } from 'node:fs';
import { toronto, measuredSite, paris, edgeArea, hourlyOf } from './edge';
const arg = process.argv[2] ?? '8';
const ex = () => JSON.parse(readFileSync('server/calc/examples/smca-toronto.json', 'utf8'));
let c;
if (arg === 'toronto') c = toronto('smca Toronto, 5 mm', ex());
else if (arg === 'measured') {
  const s = await measuredSite();
  c = toronto('measured', s.project, s.measured);
} else c = paris(Number(arg));
const a = Number(process.env.EDGE_AREA ?? edgeArea(c));
console.log(await hourlyOf(c, a));

// the cost at scale: the same roof and ground 100 times over (200 surfaces), and 20 + 5 (25 surfaces)
{
  const { hourlyShare, modelAt, productShare } = await import('./edge');
  const { model } = modelAt(c, a);
  const one = model.surfaces.length;
  for (const copies of [12, 100]) {
    const m2 = { ...model, surfaces: [] as typeof model.surfaces, layers: [] as typeof model.layers };
    for (let k = 0; k < copies; k += 1)
      model.surfaces.forEach((s, i) => {
        m2.surfaces.push({ ...s, to: s.to >= 0 ? s.to + k * one : -1 });
        m2.layers.push(model.layers[i]!);
      });
    hourlyShare(m2, 8);
    const h = hourlyShare(m2, 8);
    const t0 = performance.now();
    productShare(m2, 8, 'zero+wet0');
    const daily = performance.now() - t0;
    console.log(
      `${m2.surfaces.length} surfaces: hourly sketch ${h.ms.toFixed(0)} ms, plain daily ${daily.toFixed(0)} ms`,
    );
  }
}
