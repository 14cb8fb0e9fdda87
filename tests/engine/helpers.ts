/** Test helpers: the real bundles and their base projects, read from schemas/. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle, type Bundle } from '../../engine';

const ROOT = join(import.meta.dirname, '../../schemas');

/** Loads schemas/<id>/bundle.json through the engine's loader. */
export function bundleOf(id: string): Bundle {
  return loadBundle(JSON.parse(readFileSync(join(ROOT, id, 'bundle.json'), 'utf8')));
}

/** schemas/<id>/fixtures/base/valid.json: a complete, valid local model. */
export function validProject(id: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, id, 'fixtures/base/valid.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** A valid sl project with `n` roofs. */
export function slWithRoofs(n: number): Record<string, unknown> {
  const base = validProject('sl');
  const roof = (base.roofs as Record<string, unknown>[])[0];
  return {
    ...base,
    roofs: Array.from({ length: n }, (_, i) => ({ ...structuredClone(roof), name: `Toiture ${i + 1}` })),
  };
}
