/**
 * Method 1.4 of the flow limiter (issue 36, items 1 to 3): orifices sized on SWMM's bottom-orifice law,
 * every design storm in the verdict, block rains beyond 24 h and no design volume below the méthode des
 * pluies. The diameters and peaks are checked against the independent Runge-Kutta integration of
 * levelPool.ts (SWMM's law written again from its source); tests/swmm checks them against SWMM itself.
 */
import { describe, expect, it } from 'vitest';
import type { StoredProject } from '../../server/calc';
import { calculateFlowLimiter } from '../../server/calc/flow-limiter/flowLimiter';
import { resultStorms } from '../../server/calc/flow-limiter/swmmExport';
import { example, form } from './helpers';
import { poolRouting, poolStorm, type PoolRoof } from './levelPool';

type Form = Record<string, unknown>;
const RAIN = { a: 15.096, b: 0.803 };

/** The Lyon example with its permit (L/s/ha, or the default) and its roofs replaced. */
function site(permit: number | null, roofs: Form[]): StoredProject {
  const p = example('sl-lyon');
  if (permit !== null) Object.assign(form(p, 'Chantier'), { max_fuite: true, fuite_value: permit });
  const roof = form(p, 'Toiture');
  p.steps.Toiture!.forms = roofs.map((r, i) => ({
    uuid: `Toiture${i}`,
    form: { ...roof, name: `Toiture ${i + 1}`, gravel_thickness: null, ...r },
  }));
  return p;
}
const ok = (p: StoredProject) => {
  const r = calculateFlowLimiter(p);
  if (!r.ok) throw new Error(JSON.stringify(r.reasons));
  return r.results;
};
const gravel = (surface: number, drains: number): Form => ({
  type: 'GRAVILLON',
  gravel_thickness: 40,
  surface_retention: surface,
  evac_horizontal: drains,
  evac_vertical: 0,
});
const slabs = (surface: number, drains: number): Form => ({
  type: 'DALLE_SUR_PLOT',
  surface_retention: surface,
  evac_horizontal: drains,
  evac_vertical: 0,
});

/** The reference's largest peak (m3/s) of the site over the three storms, through orifices of `d` m. */
function referencePeak(roofs: PoolRoof[], d: number, results: ReturnType<typeof ok>): number {
  const storms = resultStorms(results).filter((s) => s.kind !== 'block');
  const stepped = storms.map((s) =>
    poolStorm(
      roofs,
      d,
      s.storm.map((x) => ({ seconds: x.minutes * 60, intensity: x.mm_h / 3.6e6 })),
      20,
    ),
  );
  return Math.max(poolRouting(roofs, d, RAIN).outflow, ...stepped.map((x) => x.outflow));
}

describe('wide orifices, sized on the bottom orifice as SWMM runs it', () => {
  it('keeps the largest diameter whose worst storm stays within the permit, by the independent integration', () => {
    // permits where the orifice law at every head (method 1.3) would keep one millimetre more: 78, 92
    // and 80 mm, whose peaks under the weir law exceed the permit
    for (const [permit, roof, pool] of [
      [9.2, gravel(4050, 1), { surface: 4050, drains: 1, recess: 20, layer: [40, 0.3] }],
      [12.6, gravel(4050, 1), { surface: 4050, drains: 1, recess: 20, layer: [40, 0.3] }],
      [10.9, slabs(2900, 1), { surface: 2900, drains: 1, recess: 20, layer: [0, 1] }],
    ] as const) {
      const r = ok(site(permit, [roof]));
      const allowed = r.allowed_leakage_l_s / 1000;
      // over 54 mm: the recess stands below the critical head, the orifice starts as a weir
      expect(r.diameter).toBeGreaterThan(54);
      expect(r.verdict.status).toBe('conform');
      const roofs = [pool as PoolRoof];
      expect(referencePeak(roofs, r.diameter! / 1000, r)).toBeLessThanOrEqual(allowed * 1.001);
      expect(referencePeak(roofs, (r.diameter! + 1) / 1000, r)).toBeGreaterThan(allowed);
    }
  });
});

describe('every design storm in the verdict', () => {
  it('is not conform when the block rains fit but the Chicago and Desbordes storms exceed the permit', () => {
    // 49 m2 of slabs with one drain: the 10 mm minimum orifice passes the block rains (99.8 % of the
    // permit) but not the Chicago storm (100.2 %) nor the Desbordes double triangle (100.6 %)
    const r = ok(site(null, [slabs(49, 1)]));
    expect(r.diameter).toBe(10);
    const [block, chicago, desbordes] = r.routing!.storms!;
    expect(block!.permit_share).toBeLessThan(1);
    expect(chicago!.permit_share).toBeGreaterThan(1);
    expect(desbordes!.permit_share).toBeGreaterThan(1);
    expect(r.routing!.governing).toBe('desbordes');
    expect(r.verdict.status).toBe('not_conform');
    expect(r.warnings.find((w) => w.code === 'leakage_above_allowed')!.params).toMatchObject({
      leakage: desbordes!.peak_outflow_l_s,
    });
  });
});

describe('beyond 24 hours', () => {
  it('routes a 1 L/s/ha roof whose worst block rain lasts 54 h, and stores more than the méthode des pluies', () => {
    const r = ok(site(1, [gravel(5000, 2)]));
    expect(r.routing!.durations_min).toEqual([15, 4320]);
    expect(r.routing!.critical_duration_min).toBeGreaterThan(1440);
    const l = r.limiters[0]!;
    expect(l.volume).toBeGreaterThanOrEqual(l.method_volume);
    // the block rains' peak storage, by the independent integration over 15 min to 72 h
    const reference = poolRouting(
      [{ surface: 5000, drains: 2, recess: 20, layer: [40, 0.3] }],
      r.diameter! / 1000,
      RAIN,
    );
    const block = r.routing!.storms![0]!.volume;
    expect(Math.abs(block / reference.volumes[0]! - 1)).toBeLessThan(0.005);
  });

  it('routes longer rains while the worst block rain is the longest one routed', () => {
    // 20,000 m2 with two drains at 0.5 L/s/ha: the storage still grows at 72 h; at 144 h it has peaked
    const r = ok(site(0.5, [gravel(20000, 2)]));
    expect(r.routing!.durations_min).toEqual([15, 8640]);
    expect(r.routing!.critical_duration_min).toBeGreaterThan(4320);
    expect(r.routing!.critical_duration_min).toBeLessThan(8640);
    expect(r.routing!.storms!.find((s) => s.kind === 'chicago')!.duration_min).toBe(8640);
  });

  it('never prints a design volume below the méthode des pluies volume', () => {
    // a small roof with two drains beside a large one with one: its orifices let out more than its
    // share of the permit, so the storms store less on it than its méthode des pluies volume
    const r = ok(site(null, [gravel(2000, 1), slabs(50, 2)]));
    const small = r.limiters[1]!;
    expect(small.routed_volume!).toBeLessThan(small.method_volume);
    expect(small.volume).toBe(small.method_volume);
    for (const l of r.limiters) expect(l.volume).toBeGreaterThanOrEqual(l.method_volume);
  });
});
