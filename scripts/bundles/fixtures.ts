/**
 * Runs the rule fixtures of a bundle (schemas/<id>/fixtures/*.json). A fixture case says what a user
 * would check: start from a base project (schemas/<id>/fixtures/base/<name>.json, or an empty project),
 * patch it, make edits as a user would (through the engine, so `update` rules fire), then compare what
 * the engine derives with what the seed says.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  addCard,
  applyEdit,
  deleteCard,
  duplicateCard,
  setGate,
  canCalculate,
  derive,
  emptyData,
  getPath,
  setPath,
  submit,
  toServer,
  type Bundle,
  type FieldState,
  type FormState,
  type UnitSystem,
} from '../../engine';

export interface FieldExpect {
  visible?: boolean;
  disabled?: boolean;
  value?: unknown;
  display?: unknown;
  severity?: 0 | 1 | 2;
  /** message key, or null for "no message" */
  message?: string | null;
  params?: Record<string, unknown>;
  options?: unknown[];
  unit?: string | null;
  min?: number;
  max?: number;
}

export interface FixtureCase {
  rule: string;
  base?: string;
  data?: unknown;
  set?: Record<string, unknown>;
  edits?: { path: string; value: unknown }[];
  /** yes/no answers to gate questions, by step key, applied after the edits */
  gate?: Record<string, boolean>;
  /** card operations, applied last */
  ops?: { op: 'add' | 'duplicate' | 'delete'; step: string; index?: number }[];
  unitSystem?: UnitSystem;
  expect: {
    fields?: Record<string, FieldExpect>;
    data?: Record<string, unknown>;
    steps?: Record<string, 1 | 2 | 3>;
    calculation?: string;
    server?: Record<string, unknown>;
    /** each total's value; null: the total is not shown (its rule gave null) */
    totals?: Record<string, number | null>;
    cards?: Record<string, { count?: number; canDelete?: boolean; canAdd?: boolean; titles?: string[] }>;
  };
}

export interface FixtureFile {
  description: string;
  cases: FixtureCase[];
}

/** Deep merge where arrays are patched index by index, so `{roofs: [{type: 'X'}]}` changes roof 0 only. */
export function patch(base: unknown, p: unknown): unknown {
  if (p === null || typeof p !== 'object') return p;
  if (Array.isArray(p)) {
    const out: unknown[] = Array.isArray(base) ? base.slice() : [];
    p.forEach((v, i) => {
      out[i] = patch(out[i], v);
    });
    return out;
  }
  const out: Record<string, unknown> =
    base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as object) } : {};
  for (const [k, v] of Object.entries(p)) out[k] = patch(out[k], v);
  return out;
}

/** Every fixture file of a bundle folder, by file name. */
export function loadFixtures(dir: string): Record<string, FixtureFile> {
  const fx = join(dir, 'fixtures');
  if (!existsSync(fx)) return {};
  return Object.fromEntries(
    readdirSync(fx)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => [f, JSON.parse(readFileSync(join(fx, f), 'utf8')) as FixtureFile]),
  );
}

function findField(state: FormState, path: string): FieldState | undefined {
  for (const s of state.steps)
    for (const c of s.cards) for (const f of c.fields) if (f.path === path) return f;
  return undefined;
}

/** Builds the state a case describes. */
export function stateOf(bundle: Bundle, dir: string, c: FixtureCase): FormState {
  let data: unknown = emptyData(bundle);
  if (c.base) data = JSON.parse(readFileSync(join(dir, 'fixtures', 'base', `${c.base}.json`), 'utf8'));
  if (c.data !== undefined) data = patch(data, c.data);
  for (const [p, v] of Object.entries(c.set ?? {})) data = setPath(data as Record<string, unknown>, p, v);
  const opts = c.unitSystem ? { unitSystem: c.unitSystem } : {};
  let state = derive(bundle, data as Record<string, unknown>, opts);
  for (const e of c.edits ?? []) state = applyEdit(bundle, state, e);
  for (const [step, open] of Object.entries(c.gate ?? {})) state = setGate(bundle, state, step, open);
  for (const o of c.ops ?? []) {
    if (o.op === 'add') state = addCard(bundle, state, o.step);
    else if (o.op === 'duplicate') state = duplicateCard(bundle, state, o.step, o.index ?? 0);
    else state = deleteCard(bundle, state, o.step, o.index ?? 0);
  }
  return state;
}

/** Compares a case with what the engine derives; returns the list of differences (empty = pass). */
export function checkCase(bundle: Bundle, dir: string, c: FixtureCase): string[] {
  const diffs: string[] = [];
  let state: FormState;
  try {
    state = stateOf(bundle, dir, c);
  } catch (e) {
    return [`throws: ${(e as Error).message}`];
  }
  const same = (what: string, got: unknown, want: unknown): void => {
    if (JSON.stringify(got ?? null) !== JSON.stringify(want ?? null))
      diffs.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  for (const [path, want] of Object.entries(c.expect.fields ?? {})) {
    const f = findField(state, path);
    if (!f) {
      diffs.push(`${path}: no such field`);
      continue;
    }
    for (const [k, v] of Object.entries(want)) {
      if (k === 'message') same(`${path}.message`, f.message?.key ?? null, v);
      else if (k === 'params') same(`${path}.params`, f.message?.params, v);
      else if (k === 'options')
        same(
          `${path}.options`,
          f.options?.map((o) => o.value),
          v,
        );
      else same(`${path}.${k}`, Reflect.get(f, k), v);
    }
  }
  for (const [path, want] of Object.entries(c.expect.data ?? {}))
    same(`data ${path}`, getPath(state.data, path), want);
  for (const [key, want] of Object.entries(c.expect.steps ?? {})) {
    same(`step ${key}`, state.steps.find((s) => s.key === key)?.result, want);
  }
  for (const [key, want] of Object.entries(c.expect.cards ?? {})) {
    const s = state.steps.find((x) => x.key === key);
    if (want.count !== undefined) same(`${key} cards`, s?.cards.length, want.count);
    if (want.canDelete !== undefined) same(`${key} canDelete`, s?.canDelete, want.canDelete);
    if (want.canAdd !== undefined) same(`${key} canAdd`, s?.canAdd, want.canAdd);
    if (want.titles !== undefined)
      same(
        `${key} titles`,
        s?.cards.map((x) => x.title.params?.name ?? x.title.key),
        want.titles,
      );
  }
  for (const [label, want] of Object.entries(c.expect.totals ?? {})) {
    const t = state.steps.flatMap((s) => s.totals).find((x) => x.label === label);
    same(`total ${label}`, t ? t.value : null, want);
  }
  if (c.expect.calculation !== undefined) {
    const r = canCalculate(bundle, state, submit(state).statuses);
    same('calculation', r.ok ? 'ok' : r.reason.key, c.expect.calculation);
  }
  if (c.expect.server) {
    const server = toServer(bundle, state.data, submit(state).statuses);
    for (const [path, want] of Object.entries(c.expect.server))
      same(`server ${path}`, getPath(server.steps, path), want);
  }
  return diffs;
}
