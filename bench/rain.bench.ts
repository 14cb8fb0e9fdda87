/**
 * npm run bench:rain — measured rain (issue 39.3, 39.4), medians after a warm-up, each beside a baseline
 * measured in the same run:
 * - reading 40 yearly ECCC files (1981-2020, 2.8 MB) into a series, in the thread (csv-parse, assemble,
 *   gzip, SHA-256), and through the rain worker as the upload route does, with the longest stall of the
 *   server's event loop meanwhile (the loop's delay, which stays near its idle value: the reading is off
 *   the loop);
 * - a Météo-France département file of 20 stations over 40 years, gzipped, read for one station;
 * - the abattement of the example project (2 roofs, a ground) on the 40-year measured series, beside the
 *   same project on its generated 100-year series (the product's default; per year of series too).
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync, gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { calculate, type StoredProject } from '../server/calc';
import type { MeasuredInput } from '../server/calc/abattement/abattement';
import { runRainJob, type RainAnswer, type RainJob } from '../server/rain/readJob';
import { bundleOfProduct } from '../server/projects/products';
import { WorkerPool } from '../server/workers/pool';
import { dates, ecccYear, weather } from '../tests/fixtures/rain/days';

async function median(fn: () => Promise<unknown>, runs: number): Promise<number> {
  for (let i = 0; i < 2; i += 1) await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return xs.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}
const ms = (x: number) => `${x.toFixed(1)} ms`;

const years = Array.from({ length: 40 }, (_, i) => 1981 + i);
const eccc = years.map((y) => ({
  name: `climate_daily_QC_7025251_${y}_P1D.csv`,
  data: Buffer.from(ecccYear(y)),
}));
const bytes = eccc.reduce((x, f) => x + f.data.length, 0);

// the département file: 20 stations, 40 years, as Météo-France writes it
const head = 'NUM_POSTE;NOM_USUEL;LAT;LON;ALTI;AAAAMMJJ;RR;QRR;TN;QTN;TX;QTX;TM;QTM;TNTXM;QTNTXM';
const rows = [head];
for (let s = 0; s < 20; s += 1)
  for (const d of dates(1981, 2020)) {
    const w = weather(d);
    const t = w.temp.toFixed(1);
    rows.push(
      `250${String(s).padStart(5, '0')};POSTE ${s};47.2;6.0;300;${d.replaceAll('-', '')};${w.precip.toFixed(1)};1;${t};1;${t};1;${t};1;${t};1`,
    );
  }
const mf = { name: 'Q_25_previous-1950-2023_RR-T-Vent.csv.gz', data: gzipSync(rows.join('\n')) };

const project = JSON.parse(
  readFileSync(new URL('../server/calc/examples/sm-paris.json', import.meta.url), 'utf8'),
) as StoredProject;
const bundle = bundleOfProduct('skywater_manager');

const inThread = await median(() => runRainJob({ files: eccc }), 5);
// the library's floor: csv-parse alone over the same bytes, every record an array
const parseOnly = await median(
  async () => eccc.map((f) => parse(f.data, { bom: true, relax_column_count: true })),
  5,
);
const pool = new WorkerPool<RainJob, RainAnswer>({
  module: join(import.meta.dirname, '../server/rain/readWorker.ts'),
  size: 1,
  queue: 4,
  perVisitor: 4,
  timeoutMs: 120_000,
  memoryMb: 768,
  expectedMs: 3000,
});
// the longest stall of the event loop while 40 years are read: in the thread (baseline), then on the worker
const stall = async (read: () => Promise<unknown>) => {
  let max = 0;
  let at = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - at);
    at = now;
  }, 5);
  await read();
  // the gap still open when the reading ends counts too
  max = Math.max(max, performance.now() - at);
  clearInterval(tick);
  return max;
};
const stallInThread = await stall(() => runRainJob({ files: eccc }));
const offLoop = await median(() => pool.run({ files: eccc }), 5);
const stallOffLoop = await stall(() => pool.run({ files: eccc }));
const mfOne = await median(() => runRainJob({ files: [mf], station: '25000007' }), 3);
await pool.close();

const answer = await runRainJob({ files: eccc });
if (!answer.ok || !('id' in answer)) throw new Error('the 40 years were refused');
const measured: MeasuredInput = {
  id: answer.id,
  series: JSON.parse(gunzipSync(answer.data).toString()) as MeasuredInput['series'],
  summary: answer.summary,
};
const onMeasured = structuredClone(project);
onMeasured.steps.Chantier!.forms![0]!.form!.rain_series = answer.id;
const runMeasured = await median(async () => calculate(bundle, onMeasured, { stress: false, measured }), 11);
const runGenerated = await median(async () => calculate(bundle, project, { stress: false }), 11);

console.log(
  `40 yearly ECCC files (${(bytes / 1e6).toFixed(1)} MB), read into a series: ${ms(inThread)} in the thread; csv-parse alone over the same bytes (baseline, same run): ${ms(parseOnly)}`,
);
console.log(
  `  through the rain worker (the upload's path): ${ms(offLoop)}; the server's loop stalled at most ${ms(stallOffLoop)} meanwhile (read in the thread, same run: ${ms(stallInThread)})`,
);
console.log(
  `Météo-France file, 20 stations x 40 years (${(mf.data.length / 1e6).toFixed(1)} MB gzipped), one station read: ${ms(mfOne)}`,
);
console.log(
  `Abattement of the example on the 40-year measured series: ${ms(runMeasured)}; on the generated 100-year series (baseline, same run): ${ms(runGenerated)}`,
);
console.log(
  `  per year of series: ${ms(runMeasured / 40)} measured, ${ms(runGenerated / 100)} generated; parse and run together ${ms(inThread + runMeasured)}`,
);
