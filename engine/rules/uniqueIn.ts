import { getPath } from '../paths';
import { isEmpty } from './isEmpty';

const norm = (v: unknown): unknown => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/**
 * How many items of an array hold each value at a field (normalised), counted once per array: the
 * engine never changes an array in place (an edit makes a new one), and every card of a step asks the
 * same array, so that a name typed into one of 100 roofs costs one count of the names, not 100 (smca's
 * names are unique: each key derived all 100 name fields again, each reading all 100 names).
 */
const counted = new WeakMap<unknown[], Map<string, Map<unknown, number>>>();

function countsOf(array: unknown[], field: string): Map<unknown, number> {
  let byField = counted.get(array);
  if (!byField) counted.set(array, (byField = new Map()));
  let counts = byField.get(field);
  if (!counts) {
    counts = new Map();
    for (const item of array) {
      const v = norm(getPath(item, field));
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    byField.set(field, counts);
  }
  return counts;
}

/**
 * `{"unique_in": [array, field, value, selfIndex]}`: true when no OTHER item of `array` has the same value
 * at `field` (strings compared trimmed and case-insensitively). An empty value is unique by definition
 * (emptiness is the `required` check's business).
 */
export function uniqueIn(array: unknown, field: unknown, value: unknown, selfIndex: unknown): boolean {
  if (!Array.isArray(array) || typeof field !== 'string' || isEmpty(value)) return true;
  const target = norm(value);
  // NaN equals nothing, itself included (the Map would count it)
  if (typeof target === 'number' && Number.isNaN(target)) return true;
  const self =
    typeof selfIndex === 'number' &&
    Number.isInteger(selfIndex) &&
    selfIndex >= 0 &&
    selfIndex < array.length &&
    norm(getPath(array[selfIndex], field)) === target
      ? 1
      : 0;
  return (countsOf(array, field).get(target) ?? 0) - self === 0;
}
