/** What the reliability tests share: the short or full variant, a built-app stand-in, waiting. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `npm run test:reliability:full` sets RELIABILITY_FULL=1: the long variant of every test. */
export const FULL = process.env.RELIABILITY_FULL === '1';

/** The short or the full figure. */
export const size = (short: number, full: number): number => (FULL ? full : short);

/**
 * A DIST_DIR holding an index.html, so that a server serves /client/ as in production (its routes are
 * then in the route list) and `server/main.ts` does not build the web application first.
 */
export function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rw-dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Calculateurs</title><div id="root"></div>');
  return dir;
}

export const sleep = (ms: number): Promise<void> => new Promise((res) => setTimeout(res, ms));

/** Polls `check` every `everyMs` until it answers true; throws `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 25,
): Promise<void> {
  // performance.now, not Date: a test may move the clock on (the mail backoff).
  const end = performance.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (performance.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A PDF file in a multipart/form-data body, as the upload page sends it. */
export function pdfUpload(filename = 'plan.pdf'): { payload: Buffer; contentType: string } {
  const boundary = 'rwBoundary7MA4YWxk';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A multipart body holding one PDF of exactly `bytes` bytes (its header, then spaces), as the upload page
 * sends it: for the storage quotas, which count a file's bytes.
 */
export function sizedPdfUpload(
  bytes: number,
  filename = 'plan.pdf',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'quotaBoundary42';
  const pdf = Buffer.alloc(bytes, 0x20);
  pdf.write('%PDF-1.4\n', 0, 'latin1');
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The note payload of a PDF or a note draft: no free text, no image. */
export const emptyNote = { data: JSON.stringify({ informations: [] }) };

/** The 99th percentile of some durations (ms). */
export const p99 = (xs: number[]): number =>
  xs.slice().sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.99) - 1)] ?? Number.NaN;

/**
 * A timing of the full run beside its goal, printed as the benchmarks print theirs: a figure, never a
 * test's verdict (how fast a machine is decides it, not the code; the tests judge states).
 */
export function timingGoal(what: string, ms: number, goal: number): void {
  console.info(`${what}: ${ms.toFixed(1)} ms (goal <= ${goal} ms) ${ms <= goal ? 'MET' : 'MISSED'}`);
}
