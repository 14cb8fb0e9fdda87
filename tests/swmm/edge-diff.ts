/** Paris 8 mm at its edge: the days SWMM and the hourly sketch judge differently (EDGE_NO_BARE=1). */
import { tmpdir } from 'node:os';
import { readFileSync } from 'node:fs';
import { dayInputs, hourlyShare, lastRetention, modelAt, paris } from './edge';

const mm = Number(process.argv[2] ?? 8);
const area = { 4: 80, 8: 153, 16: 202 }[mm]!;
const c = paris(mm);
const { model } = modelAt(c, area);
const input = dayInputs(model);
const site = model.surfaces.reduce((x, s) => x + s.area, 0);
const sw = Float64Array.from(
  JSON.parse(
    readFileSync(`${tmpdir()}/grswmm-daily-${c.label.replace(/\W+/g, '_')}-${area}-base.json`, 'utf8'),
  ) as number[],
);
hourlyShare(model, mm);
const sk = lastRetention.sewer;
let a = 0;
let b = 0;
const rows: string[] = [];
for (let d = 1; d < input.length - 1; d += 1) {
  if (input[d]! < 1) continue;
  const lim = Math.max(0, input[d]! - mm) * site + 1e-3 * site;
  const okS = sw[d]! <= lim;
  const okK = sk[d]! <= lim;
  if (!okS && okK) {
    a += 1;
    if (rows.length < 15)
      rows.push(
        `d${d} m${model.series.month[d]} prev ${input[d - 1]!.toFixed(1)} rain ${input[d]!.toFixed(1)} next ${input[d + 1]!.toFixed(1)} | SWMM ${(sw[d]! / site).toFixed(3)} sketch ${(sk[d]! / site).toFixed(3)} mm; SWMM prev ${(sw[d - 1]! / site).toFixed(3)} next ${(sw[d + 1]! / site).toFixed(3)}`,
      );
  }
  if (okS && !okK) b += 1;
}
console.log(`SWMM fails where the sketch passes: ${a}; the reverse: ${b}`);
console.log(rows.join('\n'));
