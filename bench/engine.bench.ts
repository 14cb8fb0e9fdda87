/**
 * npm run bench:engine — the cost of one field edit in a 100-roof sl form (engine applyEdit), against a
 * full re-derivation of the whole form measured in the same run. Goal: <= 1 ms per edit and at least ten
 * times less than the full derivation. Also, with no goal, an sm roof renamed (what bench:ui types), which
 * every spill card's destination list shows. Prints both figures; exits 1 when a goal is missed.
 * And, with no goal, what a save of a 200-roof project checks (boundProblems: the answers beyond their
 * bounds) beside what a calculation checks first (inputProblems: the whole form derived), in the same run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  applyEdit,
  boundProblems,
  derive,
  inputProblems,
  loadBundle,
  toServer,
  type Bundle,
  type Edit,
  type StepStatus,
} from '../engine';

const ROOT = join(import.meta.dirname, '../schemas');
const load = (id: string): Bundle =>
  loadBundle(JSON.parse(readFileSync(join(ROOT, id, 'bundle.json'), 'utf8')));

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

/** Median time (ms) of `fn` over `runs` runs after `warm` warm-up runs. */
function time(fn: (i: number) => void, runs: number, warm = 50): number {
  for (let i = 0; i < warm; i += 1) fn(i);
  const xs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    fn(i);
    xs.push(performance.now() - t);
  }
  return median(xs);
}

interface Case {
  name: string;
  bundle: Bundle;
  data: Record<string, unknown>;
  edit: (i: number) => Edit;
  /**
   * the edit stays in its card: <= 1 ms and at least 10x less than the full derivation. A rename reaches
   * every spill card: printed beside the same baseline, with no goal.
   */
  local: boolean;
}

const cases: Case[] = [];
const sl = load('sl');
const slBase = JSON.parse(readFileSync(join(ROOT, 'sl/fixtures/base/valid.json'), 'utf8')) as Record<
  string,
  unknown
>;
const slRoof = (slBase.roofs as Record<string, unknown>[])[0]!;
cases.push({
  name: 'sl, 100 roofs',
  bundle: sl,
  data: { ...slBase, roofs: Array.from({ length: 100 }, (_, i) => ({ ...slRoof, name: `Toiture ${i}` })) },
  edit: (i) => ({ path: `roofs.${i % 100}.surface`, value: String(100 + (i % 7)) }),
  local: true,
});
for (const id of ['sm', 'smca']) {
  try {
    const bundle = load(id);
    const base = JSON.parse(readFileSync(join(ROOT, `${id}/fixtures/base/valid.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    const roof = (base.roofs as Record<string, unknown>[])[0]!;
    const data = {
      ...base,
      roofs: Array.from({ length: 100 }, (_, i) => ({
        ...roof,
        name: `Toiture ${i}`,
        destination: i < 99 ? `roof_${i + 1}` : '',
      })),
    };
    if (id === 'sm')
      cases.push({
        name: 'sm, 100 roofs with spills',
        bundle,
        data,
        edit: (i) => ({ path: `roofs.${i % 100}.surface`, value: String(100 + (i % 7)) }),
        local: true,
      });
    // What bench:ui types: a roof's name, which every other roof's spill list shows (and, on smca, every
    // other roof's name checks: names are unique there).
    cases.push({
      name: `${id}, 100 roofs with spills, renaming a roof`,
      bundle,
      data,
      edit: (i) => ({ path: `roofs.${i % 100}.name`, value: `Toiture ${'x'.repeat(1 + (i % 40))}` }),
      local: false,
    });
  } catch (e) {
    console.log(`(${id} bundle not measured: ${(e as Error).message.split('\n')[0]})`);
  }
}

let failed = false;
for (const c of cases) {
  const state = derive(c.bundle, c.data);
  const full = time(() => derive(c.bundle, state.data), 40, 5);
  const edit = time((i) => applyEdit(c.bundle, state, c.edit(i)), 400);
  const ratio = full / edit;
  const ok = !c.local || (edit <= 1 && ratio >= 10);
  failed ||= !ok;
  console.log(
    `${c.name}: one edit ${edit.toFixed(3)} ms${c.local ? ' (goal <= 1 ms)' : ''} | full re-derivation (baseline) ` +
      `${full.toFixed(3)} ms | ${ratio.toFixed(1)}x faster${c.local ? ` (goal >= 10x) ${ok ? 'OK' : 'MISSED'}` : ' (no goal)'}`,
  );
}

// A save's check of its answers against their bounds, beside the calculation's whole-form check.
for (const id of ['sl', 'smca']) {
  const bundle = load(id);
  const base = JSON.parse(readFileSync(join(ROOT, id, 'fixtures/base/valid.json'), 'utf8')) as {
    roofs: Record<string, unknown>[];
  };
  const data = {
    ...base,
    roofs: Array.from({ length: 200 }, (_, i) => ({ ...base.roofs[0], name: `R${i}` })),
  };
  const state = derive(bundle, data);
  const project = () =>
    structuredClone(
      toServer(
        bundle,
        state.data,
        state.steps.map(() => 1 as StepStatus),
      ),
    );
  const bounds = time(() => boundProblems(bundle, project()), 30, 5);
  const whole = time(() => inputProblems(bundle, project()), 30, 5);
  console.log(
    `${id}, 200 roofs: a save's bound check ${bounds.toFixed(1)} ms | the calculation's whole-form check ` +
      `(baseline) ${whole.toFixed(1)} ms | ${(whole / bounds).toFixed(1)}x less (no goal)`,
  );
}
process.exitCode = failed ? 1 : 0;
