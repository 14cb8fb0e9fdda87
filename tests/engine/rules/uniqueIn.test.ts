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
  it('treats an empty value as unique', () => {
    expect(uniqueIn([{ name: '' }, { name: '' }], 'name', '', 0)).toBe(true);
  });
});
