/**
 * EPA SWMM 5.2.4 for the tests (issues 36 and 39): built once from ../shared/tools/swmm (its build.sh
 * keeps the build in the user's cache, so later runs find it at once), run on an .inp text in a
 * temporary folder, its report's warnings, errors and continuity read, and its binary output (the
 * format of SWMM's src/solver/output.c) read back per node and link.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BUILD = join(import.meta.dirname, '../../../shared/tools/swmm/build.sh');

/** The path of `runswmm`, built if need be, or why it cannot be had here. */
export function swmmBinary(): { path: string } | { reason: string } {
  if (!existsSync(BUILD)) return { reason: `no SWMM source here (${BUILD} is missing)` };
  const built = spawnSync('bash', [BUILD], { encoding: 'utf8', timeout: 600_000 });
  const path = built.stdout.trim().split('\n').pop() ?? '';
  if (built.status !== 0 || !existsSync(path))
    return { reason: `SWMM could not be built: ${(built.stderr || built.error?.message || '').trim()}` };
  return { path };
}

/** What SWMM's binary output holds: report times (s from the start) and each node's and link's series. */
export interface SwmmOut {
  times: number[];
  /** node variables: 0 depth (m), 1 head, 2 volume (m3), 3 lateral inflow, 4 total inflow, 5 overflow */
  node(name: string, variable: number): number[];
  /** link variables: 0 flow (the file's flow units), 1 depth, 2 velocity, 3 volume, 4 capacity */
  link(name: string, variable: number): number[];
  /** subcatchment variables: 0 rainfall (mm/h or in/h), 1 snow depth, 2 evaporation, 3 infiltration, 4 runoff */
  subcatchment(name: string, variable: number): number[];
  subcatchments: string[];
  nodes: string[];
  links: string[];
}

/** Reads SWMM's binary output file. */
export function readOut(b: Buffer): SwmmOut {
  const int = (at: number) => b.readInt32LE(at);
  const [subs, nodes, links, polls] = [int(12), int(16), int(20), int(24)];
  const names: string[] = [];
  let at = 28;
  for (let i = 0; i < subs + nodes + links + polls; i += 1) {
    const n = int(at);
    names.push(b.toString('latin1', at + 4, at + 4 + n));
    at += 4 + n;
  }
  const end = b.length - 24;
  const [outputAt, periods] = [int(end + 8), int(end + 12)];
  const start = b.readDoubleLE(outputAt - 12);
  const perPeriod = (end - outputAt) / periods;
  const nodeVars = 6 + polls;
  const linkVars = 5 + polls;
  const subVars = subs ? (perPeriod - 8 - 4 * (nodes * nodeVars + links * linkVars + 15)) / 4 / subs : 0;
  const times: number[] = [];
  for (let k = 0; k < periods; k += 1)
    times.push(Math.round((b.readDoubleLE(outputAt + k * perPeriod) - start) * 86400 * 1000) / 1000);
  const series = (offset: number) =>
    times.map((_, k) => b.readFloatLE(outputAt + k * perPeriod + 8 + 4 * offset));
  const subNames = names.slice(0, subs);
  const nodeNames = names.slice(subs, subs + nodes);
  const linkNames = names.slice(subs + nodes, subs + nodes + links);
  const index = (list: string[], name: string) => {
    const i = list.indexOf(name);
    if (i < 0) throw new Error(`no ${name} in SWMM's output`);
    return i;
  };
  return {
    times,
    subcatchments: subNames,
    subcatchment: (name, v) => series(index(subNames, name) * subVars + v),
    nodes: nodeNames,
    links: linkNames,
    node: (name, v) => series(subs * subVars + index(nodeNames, name) * nodeVars + v),
    link: (name, v) => series(subs * subVars + nodes * nodeVars + index(linkNames, name) * linkVars + v),
  };
}

/** A SWMM run: the report's text, its warnings and errors, its continuity errors (%), the output. */
export interface SwmmRun {
  report: string;
  warnings: string[];
  errors: string[];
  continuity: number[];
  out: SwmmOut | null;
}

/** Runs SWMM on an .inp text, with the files it names (a rain file) written beside it. */
export async function runSwmm(
  binary: string,
  inp: string,
  beside: Record<string, string> = {},
): Promise<SwmmRun> {
  const dir = mkdtempSync(join(tmpdir(), 'swmm-'));
  try {
    const file = (ext: string) => join(dir, `model.${ext}`);
    writeFileSync(file('inp'), inp);
    for (const [name, text] of Object.entries(beside)) writeFileSync(join(dir, name), text);
    // its progress line runs to megabytes over a long series: not read
    await new Promise<void>((done) => {
      const child = spawn(binary, [file('inp'), file('rpt'), file('out')], {
        stdio: 'ignore',
        timeout: 300_000,
      });
      child.on('close', () => done());
      child.on('error', () => done());
    });
    const report = readFileSync(file('rpt'), 'latin1');
    const lines = report.split('\n');
    const out = existsSync(file('out')) ? readFileSync(file('out')) : null;
    return {
      report,
      warnings: lines.filter((l) => /WARNING/.test(l)),
      errors: lines.filter((l) => /ERROR/.test(l)),
      continuity: lines
        .filter((l) => /Continuity Error \(%\)/.test(l))
        .map((l) => Number(l.split('.....').pop()!.trim())),
      out: out && out.length > 100 ? readOut(out) : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
