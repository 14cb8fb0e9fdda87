import type { UnitSystem } from '../../engine';
import { i18nOf } from '../i18n';
import { bundleOfProduct, type ProductType } from '../projects/products';
import type { AbattementResults } from '../../words/results';
import { resultsWorkbook } from './resultsWorkbook';

/** What a print worker needs to write a project's results workbook: data, not the server's objects. */
export interface WorkbookInput {
  type: ProductType;
  locale?: 'fr' | 'en' | undefined;
  /** the stored results, as stored (JSON) */
  results: string;
  system: UnitSystem;
  /** the project as the workbook names it (its name and readable number) */
  project: string;
  /** when the project was last changed (ISO) */
  created: string;
}

/**
 * A project's results workbook, on a print worker (pdf/worker.ts): 246 ms of CPU for a 200-roof smca
 * project, which on the server's thread held every other visitor that long per request (a helper's
 * attack, 2026-11-28: one address at 1.6 requests a second took a visitor's p95 from 26 ms to 1.7 s).
 */
export async function renderWorkbook(input: WorkbookInput): Promise<Uint8Array<ArrayBuffer>> {
  const { i18n } = i18nOf(input.type, input.locale);
  const results = JSON.parse(input.results) as AbattementResults;
  const buffer = await resultsWorkbook(results, i18n, input.system, bundleOfProduct(input.type).figures, {
    project: input.project,
    created: new Date(input.created),
  });
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).slice(); // its own buffer
}
