import { describe, expect, it } from 'vitest';
import { uniqueIn } from '../../../engine/rules/uniqueIn';

const roofs = [{ name: 'Toit A' }, { name: 'toit a ' }, { name: 'B' }];

describe('unique_in', () => {
  it('finds duplicates ignoring case and surrounding blanks', () => {
    expect(uniqueIn(roofs, 'name', 'Toit A', 0)).toBe(false);
    expect(uniqueIn(roofs, 'name', 'toit a ', 1)).toBe(false);
  });
  it('does not compare an item with itself', () => {
    expect(uniqueIn(roofs, 'name', 'B', 2)).toBe(true);
  });
  it('counts the other items whatever the one at selfIndex holds', () => {
    expect(uniqueIn(roofs, 'name', 'B', 0)).toBe(false);
    expect(uniqueIn(roofs, 'name', 'C', 0)).toBe(true);
    expect(uniqueIn(roofs, 'name', 'b', 7)).toBe(false);
    expect(uniqueIn(roofs, 'name', 'B', '2')).toBe(false);
  });
  it('reads a new array afresh, and numbers as they are (NaN equal to nothing)', () => {
    const renamed = roofs.map((r, i) => (i === 1 ? { name: 'Toit C' } : r));
    expect(uniqueIn(roofs, 'name', 'Toit A', 0)).toBe(false);
    expect(uniqueIn(renamed, 'name', 'Toit A', 0)).toBe(true);
    const levels = [{ n: 1 }, { n: 1 }, { n: Number.NaN }, { n: Number.NaN }];
    expect(uniqueIn(levels, 'n', 1, 0)).toBe(false);
    expect(uniqueIn(levels, 'n', Number.NaN, 2)).toBe(true);
  });
  it('treats an empty value as unique', () => {
    expect(uniqueIn([{ name: '' }, { name: '' }], 'name', '', 0)).toBe(true);
  });
});
