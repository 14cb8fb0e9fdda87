import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateAbattement, type AbattementResults } from '../../server/calc/abattement/abattement';
import { STATIONS } from '../../server/calc/abattement/stations';
import { departmentOf } from '../../server/calc/postcode';
import departments from '../../server/calc/climate/fr-departments.json' with { type: 'json' };
import { example, form } from './helpers';

type P = ReturnType<typeof example>;
const run = (product: 'skywater_manager' | 'smca', p: P): AbattementResults => {
  const r = calculateAbattement(product, p);
  if (!r.ok) throw new Error(JSON.stringify(r.reasons));
  return r.results;
};

describe('calculateAbattement', () => {
  it('answers the seed results: 12 months per roof and the rainfall of the station', () => {
    const r = run('skywater_manager', example('sm-paris'));
    expect(r.station.id).toBe('paris');
    expect(r.toitureResults.map((t) => t.toiture.name)).toEqual(['Toiture A', 'Toiture B']);
    for (const t of r.toitureResults) {
      expect(t.monthlyResults).toHaveLength(12);
      for (const m of t.monthlyResults) {
        expect(m.abattement).toBeGreaterThanOrEqual(0);
        expect(m.abattement).toBeLessThanOrEqual(100);
      }
    }
    expect(r.pluviometrie[0]).toEqual({ pluie_precipite: 47.6, evenements_pluvieux: 9.9 });
    expect(r.years).toBe(100);
    expect(r.target_mm).toBe(8);
    expect(r.pet_method).toEqual({ kind: 'penman' });
    expect(r.defaults_used).toContain('substrate_retention_fraction.SFX');
    // a green roof keeps much more than a self-protected one
    expect(r.toitureResults[0]!.annual.abattement).toBeGreaterThan(
      r.toitureResults[1]!.annual.abattement + 30,
    );
  });

  it.each([
    ['skywater_manager', 'sm-paris'],
    ['smca', 'smca-toronto'],
  ] as const)('closes the water balance of every surface and of the site (%s)', (product, name) => {
    const p = example(name);
    if (product === 'skywater_manager') form(p, 'Toiture', 1).system = 'TOUNDRA';
    if (product === 'skywater_manager')
      Object.assign(form(p, 'Toiture', 1), {
        substrat: 'SFX',
        substrat_stroke: 8,
        drain: 'RETENTIO',
        drain_stroke: 5,
      });
    const r = run(product, p);
    let rain = 0;
    let out = 0;
    const y = r.years; // flows are per year, storage and snow at the end of the series
    for (const b of r.balance) {
      const input = (b.precipitation_m3_per_year + b.inflow_m3_per_year) * y;
      const output =
        (b.outflow_m3_per_year + b.et_m3_per_year + b.infiltration_m3_per_year) * y +
        b.storage_end_m3 +
        b.snow_end_m3;
      expect(Math.abs(input - output)).toBeLessThanOrEqual(1e-6 * b.precipitation_m3_per_year * y);
      rain += b.precipitation_m3_per_year * y;
      out +=
        (b.to_sewer_m3_per_year + b.et_m3_per_year + b.infiltration_m3_per_year) * y +
        b.storage_end_m3 +
        b.snow_end_m3;
    }
    expect(Math.abs(rain - out)).toBeLessThanOrEqual(1e-6 * rain);
  });

  it('gives the grounds their own row, so that the rows add up to the site', () => {
    expect(run('smca', example('smca-toronto')).grounds).toBeNull(); // no ground, no row
    const r = run('skywater_manager', example('sm-paris'));
    const g = r.grounds!;
    expect(g.names.length).toBeGreaterThan(0);
    const rows = [...r.toitureResults.map((x) => x.volumes), g.volumes];
    const total = (k: keyof (typeof rows)[number]) => rows.reduce((x, v) => x + v[k], 0);
    // every drop reaching the sewer is credited to a roof or to the grounds
    expect(total('to_sewer_m3')).toBeCloseTo(r.site.to_sewer_m3_per_year, 2);
    // what fell, less the snow still lying at the end of the series
    const snow = r.balance.reduce((x, b) => x + b.snow_end_m3, 0) / r.years;
    expect(total('water_m3')).toBeCloseTo(r.site.precipitation_m3_per_year - snow, 2);
    // each row splits its own water: retained where it fell, downstream, to the sewer
    for (const v of rows) expect(v.own_m3 + v.downstream_m3 + v.to_sewer_m3).toBeCloseTo(v.water_m3, 1);
    expect(g.abattement).toBeCloseTo(
      (100 * (g.volumes.water_m3 - g.volumes.to_sewer_m3)) / g.volumes.water_m3,
      0,
    );
  });

  it('gives every station a finite result', () => {
    for (const s of STATIONS) {
      const p = example(s.country === 'CA' ? 'smca-toronto' : 'sm-paris');
      if (s.country === 'CA') {
        const region = {
          quebec: 'Québec',
          montreal: 'Montréal',
          toronto: 'Toronto',
          ottawa: 'Ottawa',
          vancouver: 'Vancouver',
        }[s.id]!;
        form(p, 'Chantier').rain_region = region;
        const r = run('smca', p);
        expect(r.station.id).toBe(s.id);
        expect(
          r.toitureResults.every((t) => t.monthlyResults.every((m) => Number.isFinite(m.abattement))),
        ).toBe(true);
      } else {
        const dept = Object.entries(
          (departments as { map: Record<string, { station_id: string }> }).map,
        ).find(([, v]) => v.station_id === s.id)?.[0];
        if (!dept) continue;
        form(p, 'Chantier').postcode = dept === '2A' ? '20000' : dept === '2B' ? '20200' : `${dept}100`;
        const r = run('skywater_manager', p);
        expect(r.station.id).toBe(s.id);
        expect(Number.isFinite(r.site.abattement)).toBe(true);
      }
    }
  });

  it('is deterministic', () => {
    expect(JSON.stringify(run('smca', example('smca-toronto')))).toBe(
      JSON.stringify(run('smca', example('smca-toronto'))),
    );
  });

  it('never lowers the abattement with more substrate or drain storage (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 39 }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom('paris', 'nice', 'brest'),
        (cm, more, city) => {
          const p = example('sm-paris');
          form(p, 'Chantier').postcode = { paris: '75019', nice: '06000', brest: '29200' }[city];
          p.steps.Deversement!.forms = [];
          form(p, 'Toiture').substrat_stroke = cm;
          const a = run('skywater_manager', p).toitureResults[0]!;
          form(p, 'Toiture').substrat_stroke = Math.min(cm + more, 40);
          const b = run('skywater_manager', p).toitureResults[0]!;
          expect(b.annual.abattement).toBeGreaterThanOrEqual(a.annual.abattement);
          b.monthlyResults.forEach((m, i) =>
            expect(m.abattement).toBeGreaterThanOrEqual(a.monthlyResults[i]!.abattement - 1e-9),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('never raises the compliance with a larger target (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 20 }), (n, more) => {
        const p = example('smca-toronto');
        form(p, 'Chantier').millimeters = n;
        const a = run('smca', p).toitureResults;
        form(p, 'Chantier').millimeters = n + more;
        const b = run('smca', p).toitureResults;
        b.forEach((t, i) =>
          t.monthlyResults.forEach((m, k) =>
            expect(m.respectConsigneAbattement).toBeLessThanOrEqual(
              a[i]!.monthlyResults[k]!.respectConsigneAbattement,
            ),
          ),
        );
      }),
      { numRuns: 15 },
    );
  });

  it('refuses a spill loop, naming the surfaces', () => {
    const p = example('smca-toronto');
    p.steps.Deversement!.forms![0]!.form!.destination = { uuid: 'Toiture1' };
    const r = calculateAbattement('smca', p);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.reasons).toEqual([
        {
          code: 'spill_loop',
          field: 'steps.Deversement',
          message: 'The spills make a loop: Tower roof -> Podium -> Tower roof',
        },
      ]);
  });

  it('refuses unknown postcodes and regions instead of guessing', () => {
    const sm = example('sm-paris');
    form(sm, 'Chantier').postcode = '97400';
    const a = calculateAbattement('skywater_manager', sm);
    expect(!a.ok && a.reasons[0]).toMatchObject({
      code: 'unknown_postcode',
      field: 'steps.Chantier.forms.0.form.postcode',
    });
    const ca = example('smca-toronto');
    form(ca, 'Chantier').rain_region = 'Calgary';
    const b = calculateAbattement('smca', ca);
    expect(!b.ok && b.reasons[0]).toMatchObject({
      code: 'unknown_region',
      field: 'steps.Chantier.forms.0.form.rain_region',
    });
  });

  it('lists missing roof and ground fields and unknown destinations', () => {
    const p = example('sm-paris');
    Object.assign(form(p, 'Toiture'), { surface: 0, substrat: null });
    Object.assign(form(p, 'Sol'), { type: null });
    const r = calculateAbattement('skywater_manager', p);
    expect(!r.ok && r.reasons.map((x) => x.field)).toEqual([
      'steps.Toiture.forms.0.form.surface',
      'steps.Toiture.forms.0.form.substrat',
      'steps.Sol.forms.0.form.type',
      'steps.Deversement.forms.0.form.destination',
    ]);
  });
});

describe('departmentOf', () => {
  it('reads the first two digits, 2A / 2B in Corsica, three overseas (the same for both calculators)', () => {
    expect(departmentOf('75019')).toBe('75');
    expect(departmentOf('97400')).toBe('974');
    expect(departmentOf('20090')).toBe('2A');
    expect(departmentOf('20600')).toBe('2B');
    expect(departmentOf('7501')).toBeNull();
  });
});
