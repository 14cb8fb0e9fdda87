import { describe, expect, it } from 'vitest';
import { shortLabel } from '../../words/shortLabel';

describe('shortLabel (the spill diagram, on the page and in the note)', () => {
  const long = (n: number) => `Toiture-terrasse végétalisée du bâtiment principal, aile nord-est numéro ${n}`;

  it('keeps a name that fits as it is', () => {
    expect(shortLabel('Toiture B', 24)).toBe('Toiture B');
    expect(shortLabel('x'.repeat(24), 24)).toBe('x'.repeat(24));
  });

  it('cuts in the middle, so that names differing at their end stay apart, within the width', () => {
    const cut = [1, 2, 12].map((n) => shortLabel(long(n), 24));
    expect(new Set(cut).size).toBe(3);
    for (const c of cut) expect([...c].length).toBeLessThanOrEqual(24);
    expect(cut[2]).toBe('Toiture-ter…st numéro 12');
  });
});
