import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateFlowLimiter, shareVolume, waterHeight } from '../../server/calc/flow-limiter/flowLimiter';
import { example, form } from './helpers';

const ok = (p: ReturnType<typeof example>) => {
  const r = calculateFlowLimiter(p);
  if (!r.ok) throw new Error(JSON.stringify(r.reasons));
  return r.results;
};

describe('calculateFlowLimiter', () => {
  it('sizes the Lyon example by the méthode des pluies', () => {
    const r = ok(example('sl-lyon'));
    // 1200 m2 at the default 10 L/s/ha: Qf = 1.2 L/s; Vm = 37.90 m3 (rainMethod hand case scaled by 0.12 ha).
    expect(r.volume_method).toBe('methode_des_pluies');
    expect(r.allowed_leakage_l_s).toBe(1.2);
    expect(r.max_volume).toBe(38);
    expect(r.critical_duration_min).toBeCloseTo(129.1, 1);
    // 37.9 m3 over 1200 m2 = 31.6 mm of water, no gravel: 31.6 mm high, plus the 20 mm recess.
    const l = r.limiters[0]!;
    expect(l).toMatchObject({
      roof_name: 'Toiture A',
      count: 3,
      height_max: 31.6,
      height_total: 51.6,
      height_decaisse: 20,
    });
    // One orifice for the 3 drains: Q = 0.4 L/s under 51.6 mm -> d = 28.7 mm, rounded down to 28 mm.
    expect(r.diameter).toBe(28);
    expect(r.max_leakage).toBeLessThanOrEqual(1.2);
    expect(r.max_leakage).toBeGreaterThan(1.1);
    expect(r.lsha).toBeCloseTo(r.max_leakage / 0.12, 1);
    expect(l.articles).toEqual([
      {
        divalto_id: 'SLOWLI-KIT',
        name: 'Kit limiteur de débit Slowli',
        type: 'kit_slowli',
        quantity: 3,
        unit: 'piece',
      },
    ]);
    expect(r.volume_conform).toBe(true);
    expect(r.retention_conform).toBe(true);
    expect(r.defaults_used).toContain('min_orifice_diameter_mm');
    expect(r.parameters.find((p) => p.name === 'gravel_porosity')?.provenance).toMatch(/^published: ASTEE/);
  });

  it('takes the known retention volume, or the water height over the surface', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Chantier'), { max_retention: true, retention_value: 50 });
    expect(ok(p)).toMatchObject({
      volume_method: 'retention_value',
      max_volume: 50,
      critical_duration_min: null,
    });
    Object.assign(form(p, 'Chantier'), { retention_value: null, hauteur_eau: 4 });
    expect(ok(p)).toMatchObject({ volume_method: 'hauteur_eau', max_volume: 48 });
  });

  it('uses the imposed leakage rate', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Chantier'), { max_fuite: true, fuite_value: 5 });
    expect(ok(p).allowed_leakage_l_s).toBe(0.6);
  });

  it('fills the gravel voids before standing free (GRAVILLON, 40 mm at porosity 0.30)', () => {
    // 12 mm of water fill 40 mm of gravel exactly; 20 mm of water: 40 mm + 8 mm above.
    expect(waterHeight(12, 40, 0.3)).toBeCloseTo(40, 9);
    expect(waterHeight(20, 40, 0.3)).toBeCloseTo(48, 9);
    expect(waterHeight(6, 40, 0.3)).toBeCloseTo(20, 9);
  });

  it('shares the volume by surface and moves what a capped roof cannot hold to the others', () => {
    const r = shareVolume(100, [
      { surface: 300, maxVolume: 10 },
      { surface: 100, maxVolume: null },
      { surface: 100, maxVolume: null },
    ]);
    expect(r.shares.map((x) => +x.toFixed(6))).toEqual([10, 45, 45]);
    expect(r.left).toBe(0);
    const full = shareVolume(100, [{ surface: 100, maxVolume: 30 }]);
    expect(full.left).toBeCloseTo(70, 9);
  });

  it('says the project is not conform when the roofs cannot hold the volume', () => {
    const p = example('sl-lyon');
    form(p, 'Toiture').volume_retention_max = 10;
    const r = ok(p);
    expect(r.volume_conform).toBe(false);
    expect(r.warnings.join(' ')).toMatch(/cannot hold 27\.9 m3/);
  });

  it('recommends Retentio when it brings the water under the maximum height', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Chantier'), { max_retention: true, retention_value: 140 }); // 116.7 mm of water
    const r = ok(p);
    expect(r.limiters[0]!.height_max).toBeGreaterThan(100);
    expect(r.limiters[0]!.recommended_retentio).toBe(true);
    expect(r.limiters[0]!.articles.map((a) => [a.type, a.quantity])).toEqual([
      ['kit_slowli', 3],
      ['retentio', 1200],
    ]);
    expect(r.volume_conform).toBe(false);
  });

  it('lists every reason it cannot calculate', () => {
    const p = example('sl-lyon');
    Object.assign(form(p, 'Toiture'), { evac_horizontal: 0, evac_vertical: 0, surface_retention: null });
    Object.assign(form(p, 'Chantier'), { max_fuite: true, fuite_value: null });
    const r = calculateFlowLimiter(p);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.reasons.map((x) => [x.code, x.field])).toEqual([
        ['missing_field', 'steps.Toiture.forms.0.form.surface_retention'],
        ['no_drain', 'steps.Toiture.forms.0.form.evac_horizontal'],
        ['no_drain', 'steps.Toiture'],
        ['missing_field', 'steps.Chantier.forms.0.form.fuite_value'],
      ]);
  });

  it('gives identical results twice (determinism)', () => {
    expect(JSON.stringify(ok(example('sl-lyon')))).toBe(JSON.stringify(ok(example('sl-lyon'))));
  });

  it('never lets more than the allowed leakage through, whatever the roofs (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            surface: fc.integer({ min: 50, max: 20000 }),
            drains: fc.integer({ min: 1, max: 12 }),
            recess: fc.integer({ min: 0, max: 60 }),
            gravel: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 40 }),
        (roofs, rate) => {
          const p = example('sl-lyon');
          Object.assign(form(p, 'Chantier'), { max_fuite: true, fuite_value: rate });
          p.steps.Toiture!.forms = roofs.map((r, i) => ({
            uuid: `Toiture${i}`,
            form: {
              name: `T${i}`,
              type: r.gravel ? 'GRAVILLON' : 'TTV',
              surface_retention: r.surface,
              evac_horizontal: r.drains,
              evac_vertical: 0,
              hauteur: r.recess,
              retentio: false,
              gravel_thickness: r.gravel ? 40 : null,
              volume_retention_max: null,
            },
          }));
          const res = ok(p);
          const allowed = res.allowed_leakage_l_s;
          if (!res.warnings.some((w) => w.includes('minimum orifice')))
            expect(res.max_leakage).toBeLessThanOrEqual(allowed + 0.005);
          expect(Number.isFinite(res.max_leakage) && res.diameter > 0).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
