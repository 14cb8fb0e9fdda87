import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derive, emptyData, fromServer, toServer, type ServerProject } from '../../engine';
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
