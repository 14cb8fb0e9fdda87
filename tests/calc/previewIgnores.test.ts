import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBundle, previewValues, samePreviewInput } from '../../engine';
import { calculate, type StoredProject } from '../../server/calc';
import { projectBody } from '../server/projects.fixtures';

const ROOT = join(import.meta.dirname, '../../schemas');
const IDS = ['sl', 'sm', 'smca'] as const;
type Data = Record<string, unknown>;

/** Every value at `path` ('roofs.*.name', 'roofs.0.surface', 'client') in the local model, replaced by `change`'s. */
function rewrite(data: Data, path: string, change: (v: unknown) => unknown): void {
  const [head, ...rest] = path.split('.');
  const walk = (node: unknown, keys: string[]): unknown => {
    if (keys.length === 0) return change(node);
    const [k, ...more] = keys;
    if (Array.isArray(node)) return node.map((x, i) => (k === '*' || k === String(i) ? walk(x, more) : x));
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Data;
    return { ...obj, [k!]: walk(obj[k!], more) };
  };
  data[head!] = walk(data[head!], rest);
}

/** A different answer of the same kind: another text, number or choice; an object's every member changed. */
function other(v: unknown): unknown {
  if (typeof v === 'string') return `${v} (bis) — Bâtiment très long nommé ${v.length}`;
  if (typeof v === 'number') return v * 2 + 50;
  if (typeof v === 'boolean') return !v;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, other(x)]));
  return 'changed';
}

const figures = (id: (typeof IDS)[number], patch?: (d: Data) => void) => {
  const bundle = loadBundle(JSON.parse(readFileSync(join(ROOT, id, 'bundle.json'), 'utf8')));
  const body = projectBody(id, patch);
  // as the preview route asks: the answers the calculation does not read hold nothing back
  const out = calculate(bundle, { id: 'preview', steps: body.steps } as StoredProject, {
    stress: false,
    ignore: new Set(bundle.preview?.ignores ?? []),
  });
  if (!out.ok) throw new Error(`${id}: ${JSON.stringify(out.reasons)}`);
  return previewValues(bundle, out.results as unknown as Record<string, unknown>);
};

/**
 * A bundle's preview.ignores says which answers the calculation does not read: while figures are shown,
 * typing there asks the server for nothing. Held here to the calculation itself: changing every ignored
 * answer of a valid project leaves every preview figure as it was, and changing an answer it reads does not.
 */
describe.each(IDS)('%s: preview.ignores', (id) => {
  const bundle = loadBundle(JSON.parse(readFileSync(join(ROOT, id, 'bundle.json'), 'utf8')));
  const ignores = bundle.preview?.ignores ?? [];

  it('names answers the figures do not depend on', () => {
    expect(ignores.length).toBeGreaterThan(0);
    const before = figures(id);
    const after = figures(id, (d) => ignores.forEach((p) => rewrite(d, p, other)));
    expect(after).toEqual(before);
  });

  it("does not hide what the figures depend on: the first roof's surface changes them", () => {
    const before = figures(id);
    const surface = Object.keys(bundle.steps.find((s) => s.path === 'roofs')!.schema.properties ?? {}).find(
      (k) => k.startsWith('surface'),
    )!;
    const after = figures(id, (d) => rewrite(d, `roofs.0.${surface}`, (v) => Number(v) * 3));
    expect(after).not.toEqual(before);
    const base = JSON.parse(readFileSync(join(ROOT, id, 'fixtures/base/valid.json'), 'utf8')) as Data;
    const changed = structuredClone(base);
    rewrite(changed, `roofs.0.${surface}`, (v) => Number(v) * 3);
    expect(samePreviewInput(base, changed, new Set(ignores))).toBe(false);
    const renamed = structuredClone(base);
    ignores.forEach((p) => rewrite(renamed, p, other));
    expect(samePreviewInput(base, renamed, new Set(ignores))).toBe(true);
  });
});
