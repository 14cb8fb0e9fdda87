/** Each edge case's verdict share at a given ground (EDGE_AREA) or its new edge, product only. */
import { readFileSync } from 'node:fs';
import { edgeArea, measuredSite, paris, run, toronto } from './edge';

const arg = process.argv[2] ?? '8';
const ex = () => JSON.parse(readFileSync('server/calc/examples/smca-toronto.json', 'utf8'));
const c =
  arg === 'toronto'
    ? toronto('smca Toronto, 5 mm', ex())
    : arg === 'measured'
      ? await (async () => {
          const s = await measuredSite();
          return toronto('measured', s.project, s.measured);
        })()
      : paris(Number(arg));
const areas = process.env.EDGE_AREA ? process.env.EDGE_AREA.split(',').map(Number) : [edgeArea(c)];
for (const a of areas) {
  const r = run(c, a).results;
  console.log(
    `${c.label} ground ${a} m2: ${r.site.respectConsigneAbattement} % (${r.site.target_met ? 'met' : 'not met'}), site retention ${r.site.abattement} %`,
  );
}
