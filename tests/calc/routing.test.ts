import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredProject } from '../../server/calc';
import { calculateFlowLimiter } from '../../server/calc/flow-limiter/flowLimiter';
import {
  blockInflow,
  orificeConstant,
  roofRoutings,
  roofUnderRain,
  routeProject,
  storageAfter,
} from '../../server/calc/flow-limiter/routing';
import { rainMethod } from '../../server/calc/flow-limiter/rainMethod';
import { poolRouting, poolStorage, type PoolRoof } from './levelPool';

const RAIN = { a: 15.096, b: 0.803, ca: 1 };
const asRouted = (r: PoolRoof) => ({
  surface: r.surface,
  drains: r.drains,
  recess: r.recess,
  layer: { thickness: r.layer[0], porosity: r.layer[1] },
});

describe('storageAfter (closed form of the orifice reservoir)', () => {
  it('matches the Runge-Kutta integration of the same reservoir under one block rain', () => {
    const roof: PoolRoof = { surface: 1000, drains: 2, recess: 20, layer: [25, 0.5] };
    for (const minutes of [15, 60, 106, 360, 1440]) {
      const inflow = blockInflow(RAIN, 1000, minutes);
      const exact = storageAfter(asRouted(roof), orificeConstant(2, 0.036, 0.61, 9.81), inflow, minutes * 60);
      const reference = poolStorage(roof, 0.036, inflow, minutes, 4000);
      expect(Math.abs(exact - reference)).toBeLessThan(1e-4 * Math.max(reference, 1e-2));
    }
  });

  it('stores nothing while the orifices pass the rain under the recess alone', () => {
    const roof = asRouted({ surface: 1, drains: 1, recess: 20, layer: [0, 1] });
    expect(storageAfter(roof, orificeConstant(1, 0.01, 0.61, 9.81), blockInflow(RAIN, 1, 60), 3600)).toBe(0);
  });
});

describe('roofUnderRain (the routed peak and its derivative in the rain duration)', () => {
  it('gives d volume / d ln(minutes) and d outflow / d ln(minutes) as central differences do', () => {
    // method 1.3 finds the worst rain from this derivative: a wrong one finds a wrong peak
    const roofs: PoolRoof[] = [
      { surface: 1000, drains: 2, recess: 20, layer: [25, 0.5] },
      { surface: 100, drains: 1, recess: 0, layer: [0, 1] },
      { surface: 5000, drains: 3, recess: 40, layer: [80, 0.3] },
    ];
    for (const roof of roofs) {
      const k = orificeConstant(roof.drains, 0.03, 0.61, 9.81);
      for (const minutes of [15, 40, 100, 300, 1000]) {
        const h = 1e-5;
        const x = roofUnderRain(asRouted(roof), k, RAIN, minutes);
        const up = roofUnderRain(asRouted(roof), k, RAIN, minutes * Math.exp(h));
        const down = roofUnderRain(asRouted(roof), k, RAIN, minutes * Math.exp(-h));
        const dv = (up.volume - down.volume) / (2 * h);
        const dq = (up.outflow - down.outflow) / (2 * h);
        expect(Math.abs(x.dVolume - dv)).toBeLessThan(1e-5 * Math.max(Math.abs(dv), x.volume));
        expect(Math.abs(x.dOutflow - dq)).toBeLessThan(1e-5 * Math.max(Math.abs(dq), x.outflow));
      }
    }
  });
});

describe('routeProject (the routing check of every design)', () => {
  it("finds the site's peak between roofs whose own peaks lie far apart (two groups)", () => {
    // a 20 m2 roof peaks at 34 min, a 5590 m2 one at 24 h: the site's outflow has a peak of its own
    // at 222 min, above its value at 24 h (a search started from either roof's peak alone misses it)
    const roofs: PoolRoof[] = [
      { surface: 20, drains: 1, recess: 0, layer: [0, 1] },
      { surface: 5590, drains: 4, recess: 0, layer: [0, 1] },
    ];
    const rain = { a: 37.379, b: 0.872, ca: 1 };
    const product = routeProject(roofs.map(asRouted), 0.015, rain, 0.61, 9.81, true);
    const reference = poolRouting(roofs, 0.015, rain);
    expect(Math.abs(product.outflow / reference.outflow - 1)).toBeLessThan(0.003);
    expect(product.minutes).toBeGreaterThan(150);
    expect(product.minutes).toBeLessThan(300);
  });

  it('agrees with an independent level-pool integration on random roofs (differential)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            surface: fc.integer({ min: 20, max: 20000 }),
            drains: fc.integer({ min: 1, max: 8 }),
            recess: fc.integer({ min: 0, max: 60 }),
            layer: fc.constantFrom<[number, number]>([0, 1], [25, 0.5], [40, 0.3], [80, 0.3]),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 10, max: 120 }),
        fc.constantFrom(
          { a: 15.096, b: 0.803, ca: 1 },
          { a: 10.874, b: 0.779, ca: 1 },
          { a: 37.379, b: 0.872, ca: 1 },
        ),
        (roofs, dMm, rain) => {
          const product = routeProject(roofs.map(asRouted), dMm / 1000, rain, 0.61, 9.81, true);
          const reference = poolRouting(roofs, dMm / 1000, rain);
          expect(Math.abs(product.outflow / reference.outflow - 1)).toBeLessThan(0.003);
          product.roofs!.forEach((x, i) => {
            const ref = reference.volumes[i]!;
            if (ref > 1e-3) expect(Math.abs(x.volume / ref - 1)).toBeLessThan(0.003);
            else expect(x.volume).toBeLessThan(2e-3);
          });
          // the roofs' outflows under the site's critical rain add up to the site's peak
          expect(product.outflows.reduce((s, x) => s + x, 0)).toBeCloseTo(product.outflow, 12);
        },
      ),
      { numRuns: 25, seed: 25 },
    );
  });
});

describe('routeProject, one routing after another', () => {
  it("routes a project the same after another project's routing (the roofs' constants are kept between routings)", () => {
    // the constants of each roof are written into objects kept from one routing to the next: a field
    // left from the last project would route this one through another roof
    const one: PoolRoof[] = [
      { surface: 1000, drains: 2, recess: 20, layer: [25, 0.5] },
      { surface: 300, drains: 1, recess: 0, layer: [0, 1] },
    ];
    const other: PoolRoof[] = [
      { surface: 12000, drains: 6, recess: 45, layer: [80, 0.3] },
      { surface: 40, drains: 1, recess: 60, layer: [40, 0.3] },
      { surface: 5000, drains: 3, recess: 10, layer: [25, 0.5] },
    ];
    const route = (roofs: PoolRoof[]) =>
      JSON.stringify(routeProject(roofs.map(asRouted), 0.03, RAIN, 0.61, 9.81, true));
    const first = route(one);
    route(other);
    expect(route(one)).toBe(first);
    expect(route(other)).toBe(route(other));
  });
});

describe('routeProject on a flat peak', () => {
  it("finds a roof's peak whose neighbour's curvature is far from its own", () => {
    // the second roof's outflow varies by 0.1 % from 150 to 300 min: a search stepping with the first
    // roof's curvature went back and forth across it and stopped at 249 min (0.3 % short)
    const roofs: PoolRoof[] = [
      { surface: 6396, drains: 4, recess: 49, layer: [80, 0.3] },
      { surface: 11425, drains: 2, recess: 2, layer: [80, 0.3] },
    ];
    const product = routeProject(roofs.map(asRouted), 0.088, RAIN, 0.61, 9.81, true);
    const reference = poolRouting(roofs, 0.088, RAIN);
    product.roofs!.forEach((x, i) =>
      expect(Math.abs(x.volume / reference.volumes[i]! - 1)).toBeLessThan(1e-3),
    );
  });
});

describe('the work of the routing check', () => {
  it('routes the 50 roofs of the benchmark project about six times each (method 1.2: 1450 routings)', () => {
    // the project of `npm run bench:calc`: a figure the machine's load does not move
    const p = JSON.parse(
      readFileSync(new URL('../../server/calc/examples/sl-lyon.json', import.meta.url), 'utf8'),
    ) as StoredProject;
    const roof = p.steps.Toiture!.forms![0]!.form!;
    p.steps.Toiture!.forms = Array.from({ length: 50 }, (_, i) => ({
      uuid: `Toiture${i}`,
      form: { ...roof, name: `Toiture ${i}`, surface_retention: 200 + 37 * i },
    }));
    const before = roofRoutings();
    const r = calculateFlowLimiter(p);
    const work = roofRoutings() - before;
    expect(r.ok && r.results.diameter).toBe(25);
    // method 1.4: the block rains' peak as before; the Chicago storm's, 1.2 % above it, is the site's
    expect(r.ok && r.results.routing!.storms![0]).toMatchObject({ kind: 'block', peak_outflow_l_s: 50.1 });
    expect(r.ok && r.results.routing).toMatchObject({ peak_outflow_l_s: 50.7, governing: 'chicago' });
    expect(work).toBeLessThanOrEqual(6.5 * 50);
  });
});

describe('routeProject, to the bit', () => {
  it('gives the doubles method 1.3 gave before its routings were interleaved (a17b1c1), weirs aside', () => {
    // The roofs under one rain are solved side by side and a search routes the next roof's first rain
    // ahead (issue 25's speed goal): each roof's arithmetic stays the same, so every double must too.
    // A site with a roof whose orifices pass the rain (it stores nothing), roofs of free water, two
    // identical roofs, layers of gravel and of a green roof. Method 1.4 (issue 36): the first two roofs,
    // without recess, run their 30 mm orifices as weirs under 11 mm of head and store more (0.3546 and
    // 261.234 m3 before, the weir law letting less out early); their searches moved, so the next roofs'
    // searches start elsewhere and reach their peaks by another path, the same to 2e-11 (roofs 3 and 6):
    const mixed: PoolRoof[] = [
      { surface: 20, drains: 1, recess: 0, layer: [0, 1] },
      { surface: 5590, drains: 4, recess: 0, layer: [0, 1] },
      { surface: 1000, drains: 2, recess: 20, layer: [25, 0.5] },
      { surface: 1000, drains: 2, recess: 20, layer: [25, 0.5] },
      { surface: 30, drains: 8, recess: 60, layer: [40, 0.3] },
      { surface: 5000, drains: 3, recess: 40, layer: [80, 0.3] },
    ];
    const m = routeProject(mixed.map(asRouted), 0.03, RAIN, 0.61, 9.81, true);
    expect([m.outflow, m.minutes]).toEqual([0.006170242101599431, 15]);
    expect(m.roofs!.map((x) => x.volume)).toEqual([
      0.3713684039616433, 263.09583858411264, 33.148400263781284, 33.14840034816402, 0, 202.96839975323778,
    ]);
    // the benchmark's 50 roofs, each search from its méthode des pluies duration
    const bench = Array.from({ length: 50 }, (_, i) =>
      asRouted({ surface: 200 + 37 * i, drains: 3, recess: 20, layer: [25, 0.5] }),
    );
    const qf = 10 * (bench.reduce((s, x) => s + x.surface, 0) / 10000);
    const roofs = bench.map(
      (x) => rainMethod({ ...RAIN, areaHa: x.surface / 10000, leakageLs: (qf * 3) / 150 }).criticalMinutes,
    );
    const b = routeProject(bench, 0.025, RAIN, 0.61, 9.81, true, { roofs });
    expect([b.outflow, b.minutes, b.outflows[17]]).toEqual([
      0.0501067759964404, 118.16610404337311, 0.0010059353846359888,
    ]);
    expect([b.roofs![0]!.volume, b.roofs![49]!.volume, b.roofs![49]!.minutes]).toEqual([
      4.502671823136196, 77.8262958172921, 358.1186441951547,
    ]);
  });
});
