import { getPath } from '../paths';

/**
 * `{"sum_of": [array, field]}`: the sum of the numbers found at `field` (a dotted path) in each item of
 * `array`; items whose value is not a finite number count as 0. Not an array: 0.
 */
export function sumOf(array: unknown, field: unknown): number {
  if (!Array.isArray(array) || typeof field !== 'string') return 0;
  return array.reduce<number>((sum, item) => {
    const v = getPath(item, field);
    return typeof v === 'number' && Number.isFinite(v) ? sum + v : sum;
  }, 0);
}
