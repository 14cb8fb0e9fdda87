import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import '../../../engine/rules';
import { groupSum } from '../../../engine/rules/groupSum';

describe('group_sum', () => {
  it('sums a field per key, keeping each group first item and the order groups appear in', () => {
    const articles = [
      { id: 'K1', name: 'Kit', quantity: 2 },
      { id: 'R9', name: 'Retentio', quantity: 1 },
      { id: 'K1', name: 'Kit (bis)', quantity: 3 },
    ];
    expect(groupSum(articles, 'id', 'quantity')).toEqual([
      { id: 'K1', name: 'Kit', quantity: 5 },
      { id: 'R9', name: 'Retentio', quantity: 1 },
    ]);
  });
  it('counts blanks and non-numbers as zero and skips entries that are not objects', () => {
    expect(groupSum([{ id: 1, q: '2' }, { id: 1, q: null }, { id: 1 }, 7, null], 'id', 'q')).toEqual([
      { id: 1, q: 2 },
    ]);
  });
  it('is an empty list for something that is not a list, and runs as a json-logic operator', () => {
    expect(groupSum(undefined, 'id', 'q')).toEqual([]);
    const rule = { group_sum: [{ var: 'list' }, 'id', 'q'] };
    expect(
      jsonLogic.apply(rule, {
        list: [
          { id: 'a', q: 1 },
          { id: 'a', q: 4 },
        ],
      }),
    ).toEqual([{ id: 'a', q: 5 }]);
  });
});
