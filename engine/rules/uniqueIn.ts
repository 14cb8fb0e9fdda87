import { getPath } from '../paths';
import { isEmpty } from './isEmpty';

/**
 * `{"unique_in": [array, field, value, selfIndex]}`: true when no OTHER item of `array` has the same value
 * at `field` (strings compared trimmed and case-insensitively). An empty value is unique by definition
 * (emptiness is the `required` check's business).
 */
export function uniqueIn(array: unknown, field: unknown, value: unknown, selfIndex: unknown): boolean {
  if (!Array.isArray(array) || typeof field !== 'string' || isEmpty(value)) return true;
  const norm = (v: unknown): unknown => (typeof v === 'string' ? v.trim().toLowerCase() : v);
  const target = norm(value);
  return array.every((item, i) => i === selfIndex || norm(getPath(item, field)) !== target);
}
