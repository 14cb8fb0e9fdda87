import { getPath } from '../paths';

/**
 * `{"group_sum": [array, key, field]}`: the items of `array` grouped by their value at `key` (a dotted
 * path, compared as text), in the order each group first appears: each group is its first item with
 * `field` replaced by the sum of the group's numbers there (a blank or non-number counts as 0). Entries
 * that are not objects are skipped; not an array: [].
 */
export function groupSum(array: unknown, key: unknown, field: unknown): Record<string, unknown>[] {
  if (!Array.isArray(array) || typeof key !== 'string' || typeof field !== 'string') return [];
  const groups = new Map<string, Record<string, unknown>>();
  for (const item of array) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
    const k = String(getPath(item, key));
    const v = Number(getPath(item, field) ?? 0);
    const add = Number.isFinite(v) ? v : 0;
    const group = groups.get(k);
    if (group) group[field] = (group[field] as number) + add;
    else groups.set(k, { ...(item as Record<string, unknown>), [field]: add });
  }
  return [...groups.values()];
}
