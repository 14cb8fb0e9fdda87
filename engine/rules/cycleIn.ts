/**
 * `{"cycle_in": [array, field, selfIndex, prefix]}`: true when following the links stored at `field`
 * from item `selfIndex` comes back to it. A link is a string `<prefix><n>` pointing at item n of the same
 * array (e.g. 'roof_2'); any other value (the sewer '', a ground 'ground_0') ends the walk.
 */
export function cycleIn(array: unknown, field: unknown, selfIndex: unknown, prefix: unknown): boolean {
  if (
    !Array.isArray(array) ||
    typeof field !== 'string' ||
    typeof selfIndex !== 'number' ||
    typeof prefix !== 'string'
  )
    return false;
  const seen = new Set<number>();
  let cur = selfIndex;
  for (;;) {
    const item: unknown = array[cur];
    const link =
      item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined;
    if (typeof link !== 'string' || !link.startsWith(prefix)) return false;
    const next = Number(link.slice(prefix.length));
    if (!Number.isInteger(next) || next < 0 || next >= array.length) return false;
    if (next === selfIndex) return true;
    if (seen.has(next)) return false; // a loop that does not pass through selfIndex
    seen.add(next);
    cur = next;
  }
}
