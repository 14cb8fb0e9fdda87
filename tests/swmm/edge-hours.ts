/** The hourly outfall flow of a saved edge model around a series day (diagnostic): npx tsx edge-hours.ts file.inp day */
import { readFileSync } from 'node:fs';
import { runSwmm, swmmBinary } from './runswmm';
import { variant } from './edge';

const [file, dayArg, v] = process.argv.slice(2);
const bin = swmmBinary();
if ('reason' in bin) throw new Error(bin.reason);
const r = await runSwmm(bin.path, variant(readFileSync(file!, 'utf8'), v ?? 'base'));
const q = r.out!.node('SEWER', 4);
const d = Number(dayArg);
for (let h = 24 * (d - 1); h <= 24 * (d + 1); h += 1)
  console.log(`day ${Math.floor((h - 1) / 24)} ${String(h % 24).padStart(2)}:00 ${q[h - 1]?.toFixed(4)} LPS`);
