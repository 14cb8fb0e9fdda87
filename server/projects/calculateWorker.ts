import { calculate } from '../calc';
import { serveJobs } from '../workers/serveJobs';
import type { CalculationAnswer, CalculationInput } from './calculations';
import { bundleOfProduct } from './products';

/**
 * A calculation worker: runs the bundle's calculation of the steps it is sent (JSON text, parsed here
 * rather than on the server's thread) and answers the results as JSON text, which crosses back as one
 * string and is stored and sent as it is.
 */
serveJobs<CalculationInput, CalculationAnswer>(async ({ type, content, stress }) => {
  const steps = JSON.parse(content) as Parameters<typeof calculate>[1]['steps'];
  const bundle = bundleOfProduct(type);
  // the live preview (no sensitivity runs) is not held back by answers the calculation does not read
  const out = calculate(
    bundle,
    { steps },
    stress ? {} : { stress: false, ignore: new Set(bundle.preview?.ignores ?? []) },
  );
  return {
    value: out.ok ? { ok: true, text: JSON.stringify(out.results) } : { ok: false, reasons: out.reasons },
  };
});
