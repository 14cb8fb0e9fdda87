import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  derive,
  emptyData,
  fromServer,
  setUnitSystem,
  toServer,
  type ServerProject,
} from '../../engine';
import { bundleOf, validProject } from './helpers';

const sl = bundleOf('sl');

const text = fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null });
const num = fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: null });
const int = fc.integer({ min: 0, max: 50 });
const roof = fc.record({
  name: text,
  type: fc.constantFrom('TTV', 'MIXTE', 'DALLE_SUR_PLOT', 'TOUNDRA_BOX', null),
  surface: num,
  volume: num,
  height: num,
  gravel_thickness: fc.constant(null),
  drainage: fc.record({ horizontal: int, vertical: int }),
  retentio: fc.boolean(),
});
const slModel = fc.record({
  client: fc.record({
    name: text,
    company: text,
    email: text,
    phone: text,
    profile: fc.constantFrom('architect', 'etude', 'other', null),
    contact: text,
  }),
  project: fc.record({
    name: text,
    address: text,
    city: text,
    postcode: text,
    leakage: fc.record({ has_leakage: fc.constant(true), volume: num }),
    retention: fc.record({ has_retention: fc.constant(true), volume: num, height: fc.constant(null) }),
    rain: fc.record({
      source: fc.constantFrom('publie', 'saisi'),
      return_period: fc.constantFrom('10', '20', null),
      a: num,
      b: num,
      duration_min: num,
      duration_max: num,
      reference: text,
    }),
  }),
  roofs: fc.array(roof, { minLength: 1, maxLength: 5 }),
});

describe('toServer / fromServer', () => {
  it('round-trips any sl local model and its statuses (property)', () => {
    fc.assert(
      fc.property(
        slModel,
        fc.constantFrom<(0 | 1 | 2)[]>([0, 0, 0], [1, 1, 1], [1, 2, 1]),
        (model, statuses) => {
          const data = derive(sl, model).data;
          const back = fromServer(
            sl,
            JSON.parse(JSON.stringify(toServer(sl, data, statuses))) as ServerProject,
          );
          expect(back.data).toEqual(data);
          expect(back.statuses).toEqual(statuses);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes the server spellings and uuids of seed 000', () => {
    const p = toServer(sl, validProject('sl'), [1, 1, 1], 'abc');
    expect(p.id).toBe('abc');
    expect(Object.keys(p.steps)).toEqual(['Client', 'Chantier', 'Toiture']);
    expect(p.steps.Chantier!.forms[0]!.form).toMatchObject({
      adress: '12 rue des Tilleuls',
      max_fuite: false,
    });
    expect(p.steps.Toiture!.forms[0]).toMatchObject({ uuid: 'Toiture0', form: { surface_retention: 1200 } });
  });

  it('stores empty optional numbers as null', () => {
    const p = toServer(sl, emptyData(sl), [0, 0, 0]);
    expect(p.steps.Toiture!.forms[0]!.form.volume_retention_max).toBeNull();
    expect(p.steps.Chantier!.forms[0]!.form.fuite_value).toBeNull();
  });

  it('maps legacy French profile labels to codes when loading', () => {
    const p = toServer(sl, validProject('sl'), [1, 1, 1]);
    p.steps.Client!.forms[0]!.form.profile = "Maître d'ouvrage";
    expect((fromServer(sl, p).data.client as { profile: string }).profile).toBe('maitre_ouvrage');
  });

  it('reads the sl step states: 2 -> status 1, 3 -> status 2, absent step -> 0', () => {
    const p = toServer(sl, validProject('sl'), [1, 1, 1]);
    p.steps.Client!.state = 3;
    delete p.steps.Toiture;
    expect(fromServer(sl, p).statuses).toEqual([2, 1, 0]);
  });
});

describe('smca in IMPERIAL', () => {
  const smca = bundleOf('smca');
  it('typed inches, square feet and gallons survive save and reload without drift (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (inchThousandths, sqft100, gal100) => {
          const typed = { thickness: inchThousandths / 1000, surface: sqft100 / 100, volume: gal100 / 100 };
          let s = derive(smca, validProject('smca'), { unitSystem: 'IMPERIAL' });
          s = applyEdit(smca, s, { path: 'roofs.0.substrate.thickness', value: String(typed.thickness) });
          s = applyEdit(smca, s, { path: 'roofs.0.surface', value: String(typed.surface) });
          s = applyEdit(smca, s, { path: 'project.has_volume', value: true });
          s = applyEdit(smca, s, { path: 'project.volume', value: String(typed.volume) });
          s = setUnitSystem(smca, s, 'IMPERIAL');
          const saved = JSON.parse(JSON.stringify(toServer(smca, s.data, [1, 1, 1, 1, 1]))) as ServerProject;
          const back = derive(smca, fromServer(smca, saved).data);
          expect(back.unitSystem).toBe('IMPERIAL');
          const shown = (path: string): unknown =>
            back.steps.flatMap((st) => st.cards.flatMap((c) => c.fields)).find((f) => f.path === path)
              ?.display;
          expect(shown('roofs.0.substrate.thickness')).toBe(typed.thickness);
          expect(shown('roofs.0.surface')).toBe(typed.surface);
          expect(shown('project.volume')).toBe(typed.volume);
        },
      ),
      { numRuns: 300 },
    );
  });
});
