import { describe, expect, it } from 'vitest';
import { addCard, deleteCard, derive, duplicateCard } from '../../engine';
import { bundleOf, slWithRoofs, validProject } from './helpers';

const sl = bundleOf('sl');
const names = (s: { data: Record<string, unknown> }): unknown[] =>
  (s.data.roofs as { name: unknown }[]).map((r) => r.name);

describe('addCard', () => {
  it('appends a roof with the defaults (hauteur 20, evacuations 0)', () => {
    const s = addCard(sl, derive(sl, validProject('sl')), 'Toiture');
    expect((s.data.roofs as unknown[])[1]).toMatchObject({
      height: 20,
      drainage: { horizontal: 0, vertical: 0 },
    });
    expect(s.steps[2]!.canDelete).toBe(true);
  });
});

describe('duplicateCard', () => {
  it('appends a copy of the card', () => {
    const s = duplicateCard(sl, derive(sl, slWithRoofs(2)), 'Toiture', 0);
    expect(names(s)).toEqual(['Toiture 1', 'Toiture 2', 'Toiture 1']);
  });
  it('names a copy so that it does not repeat a name of the list', () => {
    const copyName = (name: string, n: number) => (n === 1 ? `${name} (copie)` : `${name} (copie ${n})`);
    let s = duplicateCard(sl, derive(sl, slWithRoofs(2)), 'Toiture', 0, copyName);
    expect(names(s)).toEqual(['Toiture 1', 'Toiture 2', 'Toiture 1 (copie)']);
    s = duplicateCard(sl, s, 'Toiture', 0, copyName);
    expect(names(s)).toEqual(['Toiture 1', 'Toiture 2', 'Toiture 1 (copie)', 'Toiture 1 (copie 2)']);
  });
});

describe('deleteCard', () => {
  it('removes the card', () => {
    const s = deleteCard(sl, derive(sl, slWithRoofs(3)), 'Toiture', 1);
    expect(names(s)).toEqual(['Toiture 1', 'Toiture 3']);
  });
  it('always keeps one roof', () => {
    const one = derive(sl, validProject('sl'));
    expect(deleteCard(sl, one, 'Toiture', 0)).toBe(one);
    expect(one.steps[2]!.canDelete).toBe(false);
  });
});
