import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { derive, loadBundle, toServer, type StepStatus } from '../../engine';

const ROOT = join(import.meta.dirname, '../../schemas');

/** A complete project body in the server format, produced by the engine from a bundle's valid fixture. */
export function projectBody(id: 'sl' | 'sm' | 'smca', patch?: (data: Record<string, unknown>) => void) {
  const bundle = loadBundle(JSON.parse(readFileSync(join(ROOT, id, 'bundle.json'), 'utf8')));
  const data = JSON.parse(readFileSync(join(ROOT, id, 'fixtures/base/valid.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  patch?.(data);
  const state = derive(bundle, data);
  return toServer(
    bundle,
    state.data,
    state.steps.map(() => 1 as StepStatus),
  );
}

/** A step of a project in the server format, its forms in order (uuid: the step's key and the index). */
export function stepOf(name: string, forms: Record<string, unknown>[]) {
  return {
    name,
    state: 2,
    condition_value: true,
    toApi: true,
    forms: forms.map((form, i) => ({ uuid: `${name}${i}`, form })),
  };
}
