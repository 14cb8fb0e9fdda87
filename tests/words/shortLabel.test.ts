import { describe, expect, it } from 'vitest';
import { distinctLabels, fittedLabels, labelLines, shortLabel } from '../../words/shortLabel';

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

  it('tells apart names that differ only in their middle, each showing where it differs', () => {
    const roof = (b: string) =>
      `Toiture terrasse végétalisée bâtiment ${b} – aile nord-est niveau R+1 zone technique`;
    const names = [roof('A'), roof('B'), roof('C'), 'Jardin', roof('A')];
    // cut at their ends alike, they read the same
    expect(new Set(names.slice(0, 3).map((n) => shortLabel(n, 22))).size).toBe(1);
    const shown = distinctLabels(names, 22);
    expect(shown.slice(0, 3)).toEqual([
      '…bâtiment A – aile no…',
      '…bâtiment B – aile no…',
      '…bâtiment C – aile no…',
    ]);
    // a name that fits stays whole; the same name twice reads the same twice
    expect(shown[3]).toBe('Jardin');
    expect(shown[4]).toBe(shown[0]);
    for (const l of shown) expect([...l].length).toBeLessThanOrEqual(22);
  });

  it('keeps the middle cut where it already tells the names apart', () => {
    const names = [1, 2, 12].map(long);
    expect(distinctLabels(names, 24)).toEqual(names.map((n) => shortLabel(n, 24)));
  });
});

describe('labelLines (the spill diagram on the page: two lines a box)', () => {
  const long = (n: number) => `Bâtiment administratif principal, aile nord-est, toiture terrasse ${n}`;

  it('keeps a name that fits one line whole, breaks a longer one at a space, cuts the second line in its middle', () => {
    expect(labelLines(['Jardin', 'Toiture terrasse du bâtiment B – aile nord', long(12)], 22)).toEqual([
      ['Jardin'],
      ['Toiture terrasse du', 'bâtiment B – aile nord'],
      ['Bâtiment administratif', 'principal,…terrasse 12'],
    ]);
  });

  it('cuts a first word longer than a line', () => {
    expect(labelLines(['x'.repeat(30)], 22)).toEqual([['x'.repeat(22), 'x'.repeat(8)]]);
  });

  it('tells apart names that differ only in their middle, on two lines of the width', () => {
    const roof = (b: string) =>
      `Toiture terrasse végétalisée bâtiment ${b} – aile nord-est niveau R+1 zone technique`;
    const shown = labelLines([roof('A'), roof('B'), roof('A')], 22);
    expect(shown[0]).toEqual(['…bâtiment A – aile', 'nord-est niveau R+1 z…']);
    expect(shown[1]).toEqual(['…bâtiment B – aile', 'nord-est niveau R+1 z…']);
    expect(shown[2]).toEqual(shown[0]);
    for (const l of shown.flat()) expect([...l].length).toBeLessThanOrEqual(22);
  });
});

describe('fittedLabels (a select of roofs, its closed box measured)', () => {
  const long = 'Bâtiment administratif principal, aile nord-est, toiture terrasse';
  const names = ['Égouts', 'Jardin', `${long} 3`, `${long} 4`, `${long} 12`];
  const within = (n: number) => (l: string) => [...l].length <= n;

  it('keeps every name whole when all fit', () => {
    expect(fittedLabels(names, within(80))).toEqual(names);
  });

  it('cuts only the names too long, at the most characters that fit, each still told apart', () => {
    const shown = fittedLabels(names, within(30));
    expect(shown.slice(0, 2)).toEqual(['Égouts', 'Jardin']);
    for (const l of shown) expect([...l].length).toBeLessThanOrEqual(30);
    expect(shown[2]).toMatch(/^Bâtiment.*….*terrasse 3$/);
    expect(shown[3]).toMatch(/terrasse 4$/);
    expect(shown[4]).toMatch(/terrasse 12$/);
    expect(new Set(shown).size).toBe(names.length);
    // one character more and some would not fit: the most that fit
    expect(fittedLabels(names, within(29)).some((l, i) => l !== shown[i])).toBe(true);
  });
});
