/**
 * One reading of uploaded rain files, as the rain worker runs it (readWorker.ts) and the tests call it:
 * zip archives opened (their entries are the files), the files read and assembled (server/calc/
 * abattement/rain), and the series made ready to store: its JSON gzipped and its SHA-256, the series'
 * identity. Everything here is CPU work, kept off the server's thread.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
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

/** The files of an upload: a zip's entries (its .csv and .gz files), other files as they are. */
export function unpacked(files: RainFile[], maxBytes: number): RainFile[] {
  const out: RainFile[] = [];
  let left = maxBytes;
  for (const f of files) {
    if (!ZIP.every((b, i) => f.data[i] === b)) {
      out.push(f);
      continue;
    }
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(f.data, {
        filter: (e) => {
          if (e.name.endsWith('/')) return false;
          left -= e.originalSize;
          if (left < 0)
            throw new RainRefusal(413, [
              { code: 'too_large', file: f.name, line: null, column: null, params: {} },
            ]);
          return true;
        },
      });
    } catch (e) {
      if (e instanceof RainRefusal) throw e;
      throw new RainRefusal(415, [
        { code: 'not_readable', file: f.name, line: null, column: null, params: {} },
      ]);
    }
    for (const [name, data] of Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)))
      out.push({ name: name.split('/').pop() ?? name, data });
  }
  return out;
}

/** Reads an upload: refused, a choice of stations (a file naming several, none chosen), or the series. */
export async function runRainJob(job: RainJob): Promise<RainAnswer> {
  const limits = job.limits ?? RAIN_LIMITS;
  try {
    const files = unpacked(job.files, limits.maxBytes);
    const read = await readFiles(files, {
      ...(job.station === undefined ? {} : { station: job.station }),
      limits,
    });
    const archive =
      job.files.length > 1 ? zipSync(Object.fromEntries(job.files.map((f) => [f.name, f.data]))) : null;
    if (job.station === undefined && read.stations.size > 1)
      return { ok: true, choose: stationChoices(read), archive };
    const { series, summary } = assemble(
      read,
      files.map((f) => ({ name: f.name, size: f.data.byteLength })),
      limits,
    );
    const json = JSON.stringify(series);
    const id = createHash('sha256').update(json).digest('hex');
    return { ok: true, id, data: new Uint8Array(gzipSync(json)), summary, archive };
  } catch (e) {
    if (e instanceof RainRefusal) return { ok: false, status: e.status, problems: e.problems };
    throw e;
  }
}
