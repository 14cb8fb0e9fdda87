/**
 * Issue 25 (sl half): the verdict of a flow-limiter design never says "conform" when the design storm,
 * routed through the orifices as sized, or the physics of the inputs say otherwise. Each case reads the
 * figures a user reads in the results, and holds the orifice to an independent level-pool routing
 * (tests/calc/levelPool.ts) of the block rains through it.
 */
import { describe, expect, it } from 'vitest';
import { calculateFlowLimiter } from '../../server/calc/flow-limiter/flowLimiter';
import { rainMethod } from '../../server/calc/flow-limiter/rainMethod';
import { example, form } from './helpers';
import { poolRouting, type PoolRoof } from './levelPool';

type Project = ReturnType<typeof example>;
const ok = (p: Project) => {
  const r = calculateFlowLimiter(p);
  if (!r.ok) throw new Error(JSON.stringify(r.reasons));
  return r.results;
};
const ASTEE_10 = { a: 15.096, b: 0.803 };
/** The site's peak outflow (L/s) of the design as sized, by the independent routing, Retentio full. */
const routedLs = (r: ReturnType<typeof ok>, roofs: PoolRoof[], rain = ASTEE_10) =>
  poolRouting(roofs, r.diameter! / 1000, rain).outflow * 1000;
const codes = (r: ReturnType<typeof ok>) => r.warnings.map((w) => w.code);

describe('item 1: an imposed storage below the méthode des pluies volume', () => {
  const imposed5 = () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Chantier'), { max_retention: true, retention_value: 5 });
    Object.assign(form(p, 'Toiture'), { surface_retention: 1000, evac_horizontal: 2, evac_vertical: 0 });
    return p;
  };

  it('computes the method volume beside the imposed one and says the imposed one is smaller', () => {
    const r = ok(imposed5());
    expect(r.imposed_volume).toBe(5);
    expect(r.method_volume).toBe(31.6);
    expect(r.warnings).toContainEqual({
      code: 'imposed_below_method',
      severity: 'reservation',
      message: 'sl.findings.imposed_below_method',
      params: { imposed: 5, method: 31.6, stored: r.max_volume },
    });
    expect(r.verdict.status).toBe('reservations');
  });

  it('sizes the orifice on the head the design storm reaches: routed, it lets at most the 1 L/s permit out', () => {
    const r = ok(imposed5());
    // the imposed volume's head gave two 36 mm orifices, 1.38 L/s once routed
    const routed = routedLs(r, [{ surface: 1000, drains: 2, recess: 20, layer: [25, 0.5] }]);
    expect(routed).toBeLessThanOrEqual(1.0 * 1.003);
    expect(r.max_leakage).toBeLessThanOrEqual(1.0);
    // the roof stores what the storm brings, more than the imposed 5 m3, and its height says so
    expect(r.max_volume).toBeGreaterThan(31.6);
    expect(r.limiters[0]!.height_max).toBeGreaterThan(40);
  });
});

describe('item 2: Retentio is counted full', () => {
  it('sizes with the Retentio layer full: routed, the permit holds, and the height is the one without Retentio', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Toiture'), { retentio: true });
    const r = ok(p);
    const routed = routedLs(r, [{ surface: 1200, drains: 3, recess: 20, layer: [25, 0.5] }]);
    expect(routed).toBeLessThanOrEqual(1.2 * 1.003);
    const without = ok(example('sl-lyon'));
    expect(r.limiters[0]!.height_max).toBe(without.limiters[0]!.height_max);
    expect(r.diameter).toBe(without.diameter);
    // Retentio's own 25 L/m2 weigh on the structure beside the stored water
    expect(r.limiters[0]!.water_load).toBeCloseTo(without.limiters[0]!.water_load + 25, 1);
    expect(r.limiters[0]!.recommended_retentio).toBe(false);
  });
});

describe('item 3: a routing check on every design', () => {
  it('reports the routed peak outflow and heights beside the method figures, and the verdict reads them', () => {
    const r = ok(example('sl-lyon'));
    // method 1.4: block rains to 72 h at least, beside a Chicago storm and a Desbordes double triangle
    expect(r.routing).toMatchObject({ durations_min: [15, 4320], governing: 'desbordes' });
    expect(r.routing!.storms!.map((s) => s.kind)).toEqual(['block', 'chicago', 'desbordes']);
    expect(r.routing!.peak_outflow_l_s).toBe(r.max_leakage);
    const l = r.limiters[0]!;
    expect(l.method_height_max).toBe(44.1);
    expect(l.routed_height_max).toBe(l.height_max);
    expect(l.routed_height_max!).toBeGreaterThan(l.method_height_max);
    const routed = routedLs(r, [{ surface: 1200, drains: 3, recess: 20, layer: [25, 0.5] }]);
    expect(Math.abs(routed / r.routing!.peak_outflow_l_s - 1)).toBeLessThan(0.01);
  });

  it('keeps a multi-roof site within its permit once routed (900 m2 with one drain beside 100 m2 with three)', () => {
    const p = example('sl-lyon');
    const roof = (name: string, surface: number, drains: number) => ({
      uuid: name,
      form: {
        name,
        type: 'DALLE_SUR_PLOT',
        surface_retention: surface,
        evac_horizontal: drains,
        hauteur: 20,
      },
    });
    p.steps.Toiture!.forms = [roof('Grande', 900, 1), roof('Petite', 100, 3)];
    const r = ok(p);
    const routed = routedLs(r, [
      { surface: 900, drains: 1, recess: 20, layer: [0, 1] },
      { surface: 100, drains: 3, recess: 20, layer: [0, 1] },
    ]);
    expect(routed).toBeLessThanOrEqual(1.0 * 1.003);
    // each roof's height is its routed one, above the method's
    for (const l of r.limiters) expect(l.height_max).toBeGreaterThanOrEqual(l.method_height_max);
  });
});

describe('item 4: every finding is in the results, with its rule', () => {
  it('lists the Montana law used beyond its validity and the emptying over 48 h, each with its figures', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Chantier'), { max_fuite: true, fuite_value: 1 });
    const r = ok(p);
    const montana = r.warnings.find((w) => w.code === 'montana_validity')!;
    expect(montana).toMatchObject({ severity: 'reservation', params: { min: 30, max: 360 } });
    expect(Number(montana.params.duration)).toBeGreaterThan(360);
    expect(codes(r)).toContain('emptying_too_long');
    expect(r.verdict).toMatchObject({ status: 'not_conform', rule: 'sl.findings.rule' });
    expect(r.verdict.findings).toEqual(r.warnings);
  });
});

describe('item 5: local rain', () => {
  it('uses the coefficients the user types, with their range, return period and reference', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Chantier'), {
      montana_source: 'saisi',
      montana_a: 9.5,
      montana_b: 0.72,
      montana_duree_min: 60,
      montana_duree_max: 1440,
      montana_periode: 20,
      montana_reference: 'Règlement d’assainissement de la Métropole, annexe 3',
    });
    const r = ok(p);
    expect(r.rain).toEqual({
      source: 'typed',
      a: 9.5,
      b: 0.72,
      validity_min: [60, 1440],
      return_period_years: 20,
      department: null,
      provenance: 'typed: coefficients entered for the project',
      reference: 'Règlement d’assainissement de la Métropole, annexe 3',
    });
    const hand = rainMethod({ a: 9.5, b: 0.72, ca: 1, areaHa: 0.12, leakageLs: 1.2 }).volume;
    expect(r.method_volume).toBeCloseTo(hand, 1);
    expect(r.parameters.find((x) => x.name === 'montana_a')).toMatchObject({ value: 9.5 });
  });

  it('takes the published set of the return period the site chooses', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Chantier'), { montana_source: 'publie', montana_periode: 30 });
    const r = ok(p);
    expect(r.rain).toMatchObject({ source: 'published', a: 23.79, b: 0.838, return_period_years: 30 });
    expect(r.rain.provenance).toMatch(/ASTEE Mémento technique 2017, table 31/);
    expect(r.parameters.find((x) => x.name === 'return_period_years')).toMatchObject({
      value: 30,
      provenance: 'chosen: the site step',
    });
    expect(r.method_volume).toBeGreaterThan(ok(example('sl-lyon')).method_volume);
  });

  it('refuses typed coefficients outside the law, naming each field', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Chantier'), { montana_source: 'saisi', montana_a: 10, montana_b: 1.2 });
    const r = calculateFlowLimiter(p);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.reasons.map((x) => x.field)).toEqual([
        'steps.Chantier.forms.0.form.montana_b',
        'steps.Chantier.forms.0.form.montana_duree_min',
        'steps.Chantier.forms.0.form.montana_duree_max',
        'steps.Chantier.forms.0.form.montana_periode',
      ]);
  });
});

describe('item 10: small and large cases', () => {
  it('keeps a meaningful precision on a 1 m2 roof (0.0316 m3, 0.001 L/s allowed), not 0', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Toiture'), { surface_retention: 1, evac_horizontal: 1, evac_vertical: 0 });
    const r = ok(p);
    expect(r.method_volume).toBe(0.0316);
    expect(r.allowed_leakage_l_s).toBe(0.001);
    expect(r.warnings.find((w) => w.code === 'leakage_above_allowed')!.params).toMatchObject({
      allowed: 0.001,
    });
  });

  it('does not pass an orifice wider than its outlet (100,000 m2 on one drain)', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Toiture'), { surface_retention: 100000, evac_horizontal: 1, evac_vertical: 0 });
    const r = ok(p);
    expect(r.diameter).toBeGreaterThan(400);
    expect(r.verdict.status).toBe('not_conform');
    expect(codes(r)).toContain('orifice_wider_than_outlet');
  });
});
