import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derive, emptyData, loadBundle } from '../../engine';
import { stepsToFill } from '../../app/state/usePreview';

const read = (...p: string[]) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas', ...p), 'utf8')) as Record<
    string,
    unknown
  >;
const sm = loadBundle(read('sm', 'bundle.json'));
const valid = () => read('sm', 'fixtures', 'base', 'valid.json');
const keys = (data: Record<string, unknown>) => stepsToFill(sm, derive(sm, data)).map((s) => s.key);

describe('stepsToFill (when the live preview may ask the server)', () => {
  it('is empty for a complete project: the preview asks', () => {
    expect(keys(valid())).toEqual([]);
  });
  it("names the steps the calculation reads that lack a required answer, up to the preview's step", () => {
    expect(keys(emptyData(sm))).toEqual(['Chantier', 'Toiture']);
    const d = valid();
    (d.roofs as Record<string, unknown>[])[0]!.surface = null;
    expect(keys(d)).toEqual(['Toiture']);
  });
  it('ignores what the calculation does not read (the client step)', () => {
    const d = valid();
    (d.client as Record<string, unknown>).email = 'not an address';
    expect(derive(sm, d).steps[0]!.result).toBe(3); // the step blocks
    expect(keys(d)).toEqual([]);
  });
});
