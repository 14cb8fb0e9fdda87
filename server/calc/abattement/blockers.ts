/**
 * Why a site misses its target (issue 36): a site whose roofs each keep the target on most rainy days can
 * keep it on few as a whole, because one surface that cannot hold the target depth sends water to the
 * sewer on every rain above what it holds. Exports `targetBlockers`.
 */
import type { TargetBlockers } from '../../../words/results/abattement';
import { topologicalOrder, type Surface } from './balance';

/** True when a surface holds the target depth in a day: its storage, plus what a ground infiltrates. */
const holds = (s: Surface, target: number): boolean => s.capacity + s.infiltration >= target;

/**
 * The surfaces that make the site miss its target, and what the rest of the site would reach: a surface
 * counts when neither it nor any surface its water crosses on the way to the sewer holds the target
 * depth in a day. `shareOf` runs the balance of the site without them (a surface that spilled onto one of
 * them spills to the sewer) and answers the share of rainy days it keeps the target on. Null when no
 * surface counts, when every one does, or when the site would reach no more without them.
 */
export function targetBlockers(
  surfaces: Surface[],
  target: number,
  minShare: number,
  siteShare: number,
  shareOf: (kept: Surface[], order: number[]) => number,
): TargetBlockers | null {
  const blocks = surfaces.map((s) => {
    // the spills form no loop (the project was refused otherwise): each walk ends at the sewer
    for (let x: Surface | undefined = s; x; x = x.to < 0 ? undefined : surfaces[x.to])
      if (holds(x, target)) return false;
    return true;
  });
  const [first, ...more] = surfaces.filter((_, i) => blocks[i]);
  if (!first || more.length + 1 === surfaces.length) return null;
  const removed = [first, ...more];
  const renumbered = new Map<number, number>();
  surfaces.forEach((_, i) => {
    if (!blocks[i]) renumbered.set(i, renumbered.size);
  });
  const kept = surfaces
    .filter((_, i) => !blocks[i])
    .map((s) => ({ ...s, to: s.to < 0 ? -1 : (renumbered.get(s.to) ?? -1) }));
  const topo = topologicalOrder(kept);
  if (!('order' in topo)) return null;
  const without = shareOf(kept, topo.order);
  if (!(without > siteShare)) return null;
  return {
    names: [first.name, ...more.map((s) => s.name)],
    area_m2: removed.reduce((x, s) => x + s.area, 0),
    share_without: without,
    met_without: without >= minShare,
  };
}
