import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cycleIn } from '../../../engine/rules/cycleIn';

const roofs = (...dest: string[]) => dest.map((destination) => ({ destination }));

describe('cycle_in', () => {
  it('finds a two-roof loop from either end', () => {
    const r = roofs('roof_1', 'roof_0');
    expect(cycleIn(r, 'destination', 0, 'roof_')).toBe(true);
    expect(cycleIn(r, 'destination', 1, 'roof_')).toBe(true);
  });
  it('finds a roof spilling onto itself', () => {
    expect(cycleIn(roofs('roof_0'), 'destination', 0, 'roof_')).toBe(true);
  });
  it('accepts a chain that ends at the sewer or on a ground', () => {
    expect(cycleIn(roofs('roof_1', 'roof_2', ''), 'destination', 0, 'roof_')).toBe(false);
    expect(cycleIn(roofs('roof_1', 'ground_0'), 'destination', 0, 'roof_')).toBe(false);
  });
  it('does not blame a roof that only feeds a loop elsewhere', () => {
    const r = roofs('roof_1', 'roof_2', 'roof_1');
    expect(cycleIn(r, 'destination', 0, 'roof_')).toBe(false);
    expect(cycleIn(r, 'destination', 1, 'roof_')).toBe(true);
  });
  it('ignores links to missing roofs and bad arguments', () => {
    expect(cycleIn(roofs('roof_9'), 'destination', 0, 'roof_')).toBe(false);
    expect(cycleIn('x', 'destination', 0, 'roof_')).toBe(false);
  });
  it('answers for a new array after an edit, not from the old one', () => {
    const before = roofs('roof_1', '');
    expect(cycleIn(before, 'destination', 0, 'roof_')).toBe(false);
    const after = [before[0]!, { destination: 'roof_0' }];
    expect(cycleIn(after, 'destination', 0, 'roof_')).toBe(true);
    expect(cycleIn(before, 'destination', 1, 'roof_')).toBe(false);
  });
  it('agrees with a walk from the item itself on any set of links', () => {
    // the plain definition: follow the links from i; true when they come back to i
    const walk = (r: { destination: string }[], i: number): boolean => {
      const seen = new Set<number>();
      for (let cur = i; ;) {
        const m = /^roof_(\d+)$/.exec(r[cur]!.destination);
        const next = m ? Number(m[1]) : -1;
        if (next < 0 || next >= r.length) return false;
        if (next === i) return true;
        if (seen.has(next)) return false;
        seen.add(next);
        cur = next;
      }
    };
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.nat(12).map((n) => `roof_${n}`),
            fc.constantFrom('', 'ground_0'),
          ),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        (dest) => {
          const r = roofs(...dest);
          r.forEach((_, i) => expect(cycleIn(r, 'destination', i, 'roof_')).toBe(walk(r, i)));
        },
      ),
      { seed: 20261124, numRuns: 500 },
    );
  });
});
