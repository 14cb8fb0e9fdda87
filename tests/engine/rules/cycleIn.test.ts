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
});
