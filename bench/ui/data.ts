/**
 * The projects of the UI benchmark, built from each calculator's valid fixture (schemas/<id>/fixtures/base):
 * 100 copies of its first roof, each with its own name. Shared by the benchmark (our app's projects) and the
 * baseline page (the same 100 roofs in a plain rjsf form), so both type into the same data.
 */

export const ROOFS = 100;

type Item = Record<string, unknown>;

/** The sl local model with `n` roofs, copies of the fixture's first roof named Toiture 1..n. */
export function slProject(valid: Item, n = ROOFS): Item {
  const roof = (valid.roofs as Item[])[0]!;
  return {
    ...valid,
    roofs: Array.from({ length: n }, (_, i) => ({ ...structuredClone(roof), name: `Toiture ${i + 1}` })),
  };
}

/**
 * The sm local model with `n` roofs and their spills: each roof pours into the next one, the last into the
 * fixture's first ground (a chain, so every spill is a real choice and none makes a loop).
 */
export function smProject(valid: Item, n = ROOFS): Item {
  const roof = (valid.roofs as Item[])[0]!;
  const grounds = (valid.grounds as Item[] | undefined) ?? [];
  return {
    ...valid,
    roofs: Array.from({ length: n }, (_, i) => ({
      ...structuredClone(roof),
      name: `Toiture ${i + 1}`,
      destination: i < n - 1 ? `roof_${i + 1}` : grounds.length ? 'ground_0' : '',
    })),
  };
}
