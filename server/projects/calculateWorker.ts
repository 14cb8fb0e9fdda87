import { gunzipSync } from 'node:zlib';
import { calculate } from '../calc';
import type { MeasuredInput } from '../calc/abattement/abattement';
import { serveJobs } from '../workers/serveJobs';
import type { CalculationAnswer, CalculationInput } from './calculations';
import { bundleOfProduct } from './products';

/**
 * A calculation worker: runs the bundle's calculation of the steps it is sent (JSON text, parsed here
 * rather than on the server's thread, as is the measured rain series they may name) and answers the results as JSON text, which crosses back as one
 * string and is stored and sent as it is.
 */
/** The last series decoded (a project calculated, previewed, printed in turn names the same one). */
let last: MeasuredInput | null = null;
function decoded(m: NonNullable<CalculationInput['measured']>): MeasuredInput {
  if (last?.id !== m.id)
    last = {
      id: m.id,
      series: JSON.parse(gunzipSync(m.data).toString('utf8')) as MeasuredInput['series'],
      summary: JSON.parse(m.summary) as MeasuredInput['summary'],
    };
  return last;
}

serveJobs<CalculationInput, CalculationAnswer>(async ({ type, content, stress, measured }) => {
  const steps = JSON.parse(content) as Parameters<typeof calculate>[1]['steps'];
  const bundle = bundleOfProduct(type);
  // the measured rain series the steps name, as stored: its days gzipped, the upload's summary
  const series: { measured?: MeasuredInput } = measured ? { measured: decoded(measured) } : {};
  // the live preview (no sensitivity runs) is not held back by answers the calculation does not read
  const out = calculate(
    bundle,
    { steps },
    stress ? series : { stress: false, ignore: new Set(bundle.preview?.ignores ?? []), ...series },
  );
  return {
    value: out.ok ? { ok: true, text: JSON.stringify(out.results) } : { ok: false, reasons: out.reasons },
  };
});
