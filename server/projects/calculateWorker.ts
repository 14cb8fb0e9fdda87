import { calculate, EXPORTS } from '../calc';
import type { MeasuredInput } from '../calc/abattement/abattement';
import { i18nOf } from '../i18n';
import { measuredInputOf } from '../rain/store';
import { serveJobs } from '../workers/serveJobs';
import type { CalculationAnswer, CalculationInput, ExportJob } from './calculations';
import { bundleOfProduct, type ProductType } from './products';

/**
 * A calculation worker: runs the bundle's calculation of the steps it is sent (JSON text, parsed here
 * rather than on the server's thread, as is the measured rain series they may name) and answers the
 * results as JSON text, which crosses back as one string and is stored and sent as it is; or writes a
 * calculated project's export file (an EPA SWMM model) from those results.
 */
/** The last series decoded (a project calculated, previewed, printed in turn names the same one). */
let last: MeasuredInput | null = null;
function decoded(m: NonNullable<CalculationInput['measured']>): MeasuredInput {
  if (last?.id !== m.id) last = measuredInputOf(m);
  return last;
}

function exportOf(
  type: ProductType,
  steps: unknown,
  file: ExportJob,
  measured: MeasuredInput | undefined,
): string {
  const bundle = bundleOfProduct(type);
  const exporter = EXPORTS[bundle.results.calculation]?.[file.format];
  if (!exporter) throw new Error(`no '${file.format}' export for ${type}`);
  const { i18n } = i18nOf(type, file.locale);
  return exporter.write(
    { id: file.id, steps: steps as Parameters<typeof calculate>[1]['steps'] },
    JSON.parse(file.results) as never,
    {
      t: (k, p) => i18n.t(k, p ?? {}),
      name: file.name,
      number: file.number,
      product: type,
      ...(measured ? { measured } : {}),
    },
  );
}

serveJobs<CalculationInput, CalculationAnswer>(async ({ type, content, stress, measured, export: file }) => {
  const steps = JSON.parse(content) as Parameters<typeof calculate>[1]['steps'];
  const bundle = bundleOfProduct(type);
  // the measured rain series the steps name, as stored: its days gzipped, the upload's summary
  const series: { measured?: MeasuredInput } = measured ? { measured: decoded(measured) } : {};
  if (file) return { value: { ok: true, text: exportOf(type, steps, file, series.measured) } };
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
