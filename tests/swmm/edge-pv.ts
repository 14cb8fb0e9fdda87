/** The plain daily balance of an edge case with SWMM's processes switched in (edge.ts productShare): npx tsx tests/swmm/edge-pv.ts 4|8|16|toronto|measured (EDGE_NO_BARE=1 for the sm cases of the report). */
import { toronto, measuredSite, paris, productVariants, edgeArea } from './edge';
import { readFileSync } from 'node:fs';
const arg = process.argv[2] ?? '8';
const ex = () => JSON.parse(readFileSync('server/calc/examples/smca-toronto.json', 'utf8'));
let c;
if (arg === 'toronto') c = toronto('smca Toronto, 5 mm', ex());
else if (arg === 'measured') {
  const s = await measuredSite();
  c = toronto('measured', s.project, s.measured);
} else c = paris(Number(arg));
const a = Number(process.env.EDGE_AREA ?? edgeArea(c));
for (const l of await productVariants(
  c,
  a,
  (process.env.PV ?? 'base,zero,zero+kc,wet0,zero+wet0,zero+kc+wet0,zero+wet0+gzero').split(','),
))
  console.log(l);
