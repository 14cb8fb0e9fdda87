import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredProject } from '../../server/calc';

const EX = join(import.meta.dirname, '../../server/calc/examples');

/** One of the example projects of server/calc/examples (a deep copy, free to change). */
export function example(name: 'sl-lyon' | 'sm-paris' | 'smca-toronto'): StoredProject & { product: string } {
  return JSON.parse(readFileSync(join(EX, `${name}.json`), 'utf8')) as StoredProject & { product: string };
}

/** The form of step `step`, card `i`, of a stored project (for editing in tests). */
export function form(p: StoredProject, step: string, i = 0): Record<string, unknown> {
  const f = p.steps[step]?.forms?.[i]?.form;
  if (!f) throw new Error(`no ${step} form ${i}`);
  return f;
}
