import { renderWorkbook } from '../excel/workbookJob';
import { serveJobs } from '../workers/serveJobs';
import type { PrintJob } from './pool';
import { renderNote } from './renderNote';

/**
 * A print worker: renders each note, or writes each results workbook, it is sent and answers its bytes
 * (transferred, not copied).
 */
serveJobs<PrintJob, Uint8Array>(async (input) => {
  // its own buffer, safe to transfer
  const bytes: Uint8Array<ArrayBuffer> =
    'workbook' in input ? await renderWorkbook(input.workbook) : new Uint8Array(await renderNote(input));
  return { value: bytes, transfer: [bytes.buffer] };
});
