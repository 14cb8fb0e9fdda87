/**
 * `{"cycle_in": [array, field, selfIndex, prefix]}`: true when following the links stored at `field`
 * from item `selfIndex` comes back to it. A link is a string `<prefix><n>` pointing at item n of the same
 * array (e.g. 'roof_2'); any other value (the sewer '', a ground 'ground_0') ends the walk.
 *
 * Every card of a step asks about the same array (100 spills, each walking a chain of up to 100), so the
 * items that lie on a loop are found once per array, field and prefix, in one pass, and kept while the
 * array is unchanged (the engine replaces an array it edits).
 */
export function cycleIn(array: unknown, field: unknown, selfIndex: unknown, prefix: unknown): boolean {
  if (
    !Array.isArray(array) ||
    typeof field !== 'string' ||
    typeof selfIndex !== 'number' ||
    typeof prefix !== 'string'
  )
    return false;
  const key = `${field}\u0000${prefix}`;
  let byKey = found.get(array);
  if (!byKey) found.set(array, (byKey = new Map()));
  let members = byKey.get(key);
  if (!members) byKey.set(key, (members = onLoops(array, field, prefix)));
  return members.has(selfIndex);
}

const found = new WeakMap<unknown[], Map<string, Set<number>>>();

/** The index an item links to, or -1 when its link ends the walk. */
function linkOf(array: unknown[], i: number, field: string, prefix: string): number {
  const item: unknown = array[i];
  const link =
    item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined;
  if (typeof link !== 'string' || !link.startsWith(prefix)) return -1;
  const next = Number(link.slice(prefix.length));
  return Number.isInteger(next) && next >= 0 && next < array.length ? next : -1;
}

/** The items on a loop: each item links to at most one other, so one walk per unvisited item finds them. */
function onLoops(array: unknown[], field: string, prefix: string): Set<number> {
  const seen = new Uint8Array(array.length); // 0 not yet, 1 on the walk under way, 2 done
  const members = new Set<number>();
  for (let start = 0; start < array.length; start += 1) {
    if (seen[start]) continue;
    const walk: number[] = [];
    let cur = start;
    while (cur !== -1 && seen[cur] === 0) {
      seen[cur] = 1;
      walk.push(cur);
      cur = linkOf(array, cur, field, prefix);
    }
    // back on the walk under way: the items from there on form a loop
    if (cur !== -1 && seen[cur] === 1) for (const i of walk.slice(walk.indexOf(cur))) members.add(i);
    for (const i of walk) seen[i] = 2;
  }
  return members;
}
