/**
 * One reading of uploaded rain files, as the rain worker runs it (readWorker.ts) and the tests call it:
 * zip archives opened (their entries are the files), the files read and assembled (server/calc/
 * abattement/rain), and the series made ready to store: its JSON gzipped and its SHA-256, the series'
 * identity. Everything here is CPU work, kept off the server's thread.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import yauzl from 'yauzl';
import {
  assemble,
  stationChoices,
  type RainSummary,
  type StationChoice,
} from '../calc/abattement/rain/assemble';
import {
  RAIN_LIMITS,
  RainRefusal,
  readFiles,
  type RainFile,
  type RainLimits,
  type RainProblem,
} from '../calc/abattement/rain/read';

/** What the worker is sent: the files as uploaded (or as stored) and the station chosen, if any. */
export interface RainJob {
  files: RainFile[];
  station?: string;
  /** the station's time zone (IANA name or UTC offset), for a logger's readings stamped in UTC */
  timezone?: string;
  limits?: RainLimits;
}

/**
 * What it answers: refused (with the status it deserves), a choice of stations, or the series; with,
 * when several files were sent, one zip archive of them to keep (null: the single file is kept as it is).
 */
export type RainAnswer =
  | { ok: false; status: 413 | 415 | 422; problems: RainProblem[] }
  | { ok: true; choose: StationChoice[]; archive: Uint8Array | null }
  | { ok: true; id: string; data: Uint8Array; summary: RainSummary; archive: Uint8Array | null };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Entries of the zip archives of one upload at most (ECCC: one file a year). */
export const ZIP_ENTRIES = 1000;

const refusal = (
  status: 413 | 415,
  code: string,
  file: string,
  params: Record<string, string | number> = {},
) => new RainRefusal(status, [{ code, file, line: null, column: null, params }]);

/**
 * A zip archive's files (its .csv and .gz entries), read with yauzl from the archive's central
 * directory: each entry's declared size is counted against the upload's decompressed bytes before it is
 * inflated, and an entry that inflates past the size it declares is refused at that byte, not inflated to
 * its end (a helper's attack, 2026-11-28: a 37 MB zip of entries declaring 10 bytes each and inflating to
 * 1 GB each held the rain worker two minutes: fflate's unzipSync wrote the declared bytes and went on
 * inflating the rest).
 */
async function entriesOf(file: RainFile, budget: { left: number; entries: number }): Promise<RainFile[]> {
  const out: RainFile[] = []; // named by their paths in the archive, then by their names
  let zip: yauzl.ZipFile | undefined;
  try {
    const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true });
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      budget.entries -= 1;
      if (budget.entries < 0) throw refusal(413, 'too_many_files', file.name, { max: ZIP_ENTRIES });
      budget.left -= entry.uncompressedSize;
      if (budget.left < 0) throw refusal(413, 'too_large', file.name);
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
    }
  } catch (e) {
    if (e instanceof RainRefusal) throw e;
    throw refusal(415, 'not_readable', file.name);
  } finally {
    zip?.close();
  }
  return out
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((f) => ({ name: f.name.split('/').pop() ?? f.name, data: f.data }));
}

/** The files of an upload: a zip's entries (its .csv and .gz files), other files as they are. */
export async function unpacked(files: RainFile[], maxBytes: number): Promise<RainFile[]> {
  const out: RainFile[] = [];
  const budget = { left: maxBytes, entries: ZIP_ENTRIES };
  for (const f of files) {
    if (ZIP.every((b, i) => f.data[i] === b)) out.push(...(await entriesOf(f, budget)));
    else out.push(f);
  }
  return out;
}

/** Reads an upload: refused, a choice of stations (a file naming several, none chosen), or the series. */
export async function runRainJob(job: RainJob): Promise<RainAnswer> {
  const limits = job.limits ?? RAIN_LIMITS;
  try {
    const files = await unpacked(job.files, limits.maxBytes);
    const read = await readFiles(files, {
      ...(job.station === undefined ? {} : { station: job.station }),
      ...(job.timezone === undefined ? {} : { timezone: job.timezone }),
      limits,
    });
    const archive =
      job.files.length > 1 ? zipSync(Object.fromEntries(job.files.map((f) => [f.name, f.data]))) : null;
    // a file of several stations (Météo-France's) asks which one; ECCC's stations of one site are joined
    if (job.station === undefined && read.stations.size - (read.joined?.stations.length ?? 0) > 1)
      return { ok: true, choose: stationChoices(read), archive };
    const { series, summary } = assemble(
      read,
      files.map((f) => ({ name: f.name, size: f.data.byteLength })),
      limits,
    );
    const json = JSON.stringify(series);
    // the summary is part of the id: the same days uploaded under other names (another visitor's, say)
    // are another row, whose summary names this upload's files, not the first uploader's
    const id = createHash('sha256').update(json).update('\n').update(JSON.stringify(summary)).digest('hex');
    return { ok: true, id, data: new Uint8Array(gzipSync(json)), summary, archive };
  } catch (e) {
    if (e instanceof RainRefusal) return { ok: false, status: e.status, problems: e.problems };
    throw e;
  }
}
