import { describe, expect, it } from 'vitest';
import { isEmpty } from '../../../engine/rules/isEmpty';

describe('is_empty', () => {
  it('is true for undefined, null, blank strings, NaN and empty arrays', () => {
    for (const v of [undefined, null, '', '   ', Number.NaN, []]) expect(isEmpty(v)).toBe(true);
  });
  it('is false for zero, false and text', () => {
    for (const v of [0, false, 'x', [0]]) expect(isEmpty(v)).toBe(false);
  });
});
