import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCard, applyEdit, counters, deleteCard, derive, resetCounters, setGate } from '../../engine';
import { getPath } from '../../engine/paths';
import { bundleOf, slWithRoofs, validProject } from './helpers';

const sl = bundleOf('sl');
const FIELDS_PER_ROOF = sl.steps.find((s) => s.key === 'Toiture')!.ui['ui:order'].length;

describe('applyEdit', () => {
  it('re-derives only the edited card: editing one roof of 100 leaves the other 99 alone', () => {
    const state = derive(sl, slWithRoofs(100));
    resetCounters();
    const after = applyEdit(sl, state, { path: 'roofs.42.name', value: 'Renamed' });
    expect(counters.fieldDerivations).toBe(FIELDS_PER_ROOF);
    expect(after.steps[2]!.cards[41]).toBe(state.steps[2]!.cards[41]);
    expect(after.steps[2]!.cards[42]!.title.params?.name).toBe('Renamed');
  });

  it("re-derives the renamed roof's cards in sm, and only the labels of the other spill cards' lists", () => {
    const sm = bundleOf('sm');
    const base = validProject('sm') as { roofs: Record<string, unknown>[] };
    const roofs = Array.from({ length: 50 }, (_, i) => ({
      ...base.roofs[0],
      name: `Toiture ${i + 1}`,
      destination: i < 49 ? `roof_${i + 1}` : '',
    }));
    const state = derive(sm, { ...base, roofs });
    const perRoof = sm.steps
      .filter((s) => s.path === 'roofs')
      .reduce((n, s) => n + s.ui['ui:order'].length, 0);
    resetCounters();
    const after = applyEdit(sm, state, { path: 'roofs.0.name', value: 'Nord' });
    // the roof's own cards (its roof card, its spill card), not the 49 other spill cards' fields
    expect(counters.fieldDerivations).toBe(perRoof);
    const spills = after.steps.find((s) => s.key === 'Deversement')!;
    const list = spills.cards[1]!.fields.find((f) => f.field === 'destination')!.options!;
    expect(list.find((o) => o.value === 'roof_0')?.label).toBe('Nord');
    expect(after).toEqual(derive(sm, after.data));
  });

  it('re-derives every roof when a site field their rules read changes', () => {
    const state = derive(sl, slWithRoofs(10));
    resetCounters();
    const after = applyEdit(sl, state, { path: 'project.retention.has_retention', value: true });
    const after2 = applyEdit(sl, after, { path: 'project.retention.volume', value: 30 });
    expect(
      after2.steps[2]!.cards.every((c) => c.fields.find((f) => f.field === 'volume')!.visible === false),
    ).toBe(true);
  });

  it('updates the totals when one surface changes', () => {
    const state = derive(sl, slWithRoofs(3));
    const after = applyEdit(sl, state, { path: 'roofs.1.surface', value: '100,5' });
    expect(after.steps[2]!.totals.find((t) => t.label === 'sl.roof.total_surface')!.value).toBe(2500.5);
  });

  it('runs update rules and then condition resets (GRAVILLON -> 40, MIXTE -> cleared)', () => {
    let s = derive(sl, validProject('sl'));
    s = applyEdit(sl, s, { path: 'roofs.0.type', value: 'GRAVILLON' });
    expect((s.data.roofs as { gravel_thickness: unknown }[])[0]!.gravel_thickness).toBe(40);
    s = applyEdit(sl, s, { path: 'roofs.0.type', value: 'MIXTE' });
    expect((s.data.roofs as { gravel_thickness: unknown }[])[0]!.gravel_thickness).toBeNull();
  });

  it('parses typed numbers with a comma or a dot and keeps text it cannot read', () => {
    let s = derive(sl, validProject('sl'));
    s = applyEdit(sl, s, { path: 'roofs.0.surface', value: '12,75' });
    expect((s.data.roofs as { surface: unknown }[])[0]!.surface).toBe(12.75);
    s = applyEdit(sl, s, { path: 'roofs.0.surface', value: '' });
    expect((s.data.roofs as { surface: unknown }[])[0]!.surface).toBeNull();
    s = applyEdit(sl, s, { path: 'roofs.0.surface', value: '12 m2' });
    expect(s.steps[2]!.cards[0]!.fields.find((f) => f.field === 'surface')!.message?.key).toBe(
      'errors.number',
    );
  });

  it('reads only what a person writes as a number, and asks a count for a whole number', () => {
    let s = derive(sl, validProject('sl'));
    const field = (st: typeof s, name: string) =>
      st.steps[2]!.cards[0]!.fields.find((f) => f.field === name)!;
    s = applyEdit(sl, s, { path: 'roofs.0.volume', value: '1e3' });
    expect(field(s, 'volume')).toMatchObject({
      value: '1e3',
      severity: 2,
      message: { key: 'errors.number' },
    });
    s = applyEdit(sl, s, { path: 'roofs.0.drainage.horizontal', value: '1,5' });
    expect(field(s, 'drainage.horizontal')).toMatchObject({
      value: 1.5,
      severity: 2,
      message: { key: 'errors.integer' },
    });
    s = applyEdit(sl, s, { path: 'roofs.0.height', value: '-3' });
    expect(field(s, 'height')).toMatchObject({ severity: 2, message: { key: 'errors.minimum' } });
  });

  it('throws, naming the path, for a field that does not exist', () => {
    const s = derive(sl, validProject('sl'));
    expect(() => applyEdit(sl, s, { path: 'roofs.0.colour', value: 'red' })).toThrow(/roofs\.0\.colour/);
  });

  it('gives the same state as a full derivation after any sequence of edits (property)', () => {
    const edits = fc.oneof(
      fc.record({
        path: fc.constantFrom('roofs.0.type', 'roofs.1.type'),
        value: fc.constantFrom('TTV', 'GRAVILLON', 'MIXTE', 'DALLE_SUR_PLOT', null),
      }),
      fc.record({
        path: fc.constantFrom(
          'roofs.0.surface',
          'roofs.1.drainage.horizontal',
          'roofs.0.volume',
          'roofs.1.height',
        ),
        value: fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.constant('')),
      }),
      fc.record({
        path: fc.constantFrom('project.retention.has_retention', 'project.leakage.has_leakage'),
        value: fc.boolean(),
      }),
      fc.record({
        path: fc.constantFrom(
          'project.retention.volume',
          'project.retention.height',
          'project.leakage.volume',
        ),
        value: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant('')),
      }),
      fc.record({
        path: fc.constantFrom('client.email', 'roofs.1.name'),
        value: fc.string({ maxLength: 8 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(edits, { maxLength: 12 }), (list) => {
        let s = derive(sl, slWithRoofs(2));
        for (const e of list) s = applyEdit(sl, s, e);
        expect(s).toEqual(derive(sl, s.data));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same state as a full derivation in sm, where a roof or ground renamed changes every spill list (property)', () => {
    // Three roofs spilling into each other or onto the grounds: names (duplicates and blanks too), spill
    // destinations, the ground question and ground names, roofs and grounds added and removed.
    const sm = bundleOf('sm');
    const base = validProject('sm') as { roofs: Record<string, unknown>[] };
    const start = {
      ...base,
      roofs: [...base.roofs, { ...base.roofs[1], name: 'Toiture C', destination: '' }],
    };
    const edits = fc.oneof(
      fc.record({
        path: fc.constantFrom('roofs.0.name', 'roofs.1.name', 'roofs.2.name', 'grounds.0.name'),
        value: fc.constantFrom('Toiture A', 'Toiture B', 'Nord', '', 'Jardin'),
      }),
      fc.record({
        path: fc.constantFrom('roofs.0.destination', 'roofs.1.destination', 'roofs.2.destination'),
        value: fc.constantFrom('', 'ground_0', 'roof_0', 'roof_1', 'roof_2', null),
      }),
      fc.record({ gate: fc.boolean() }),
      fc.record({ add: fc.constantFrom('Toiture', 'Sol') }),
      fc.record({ remove: fc.constantFrom('Toiture', 'Sol'), index: fc.nat({ max: 3 }) }),
      fc.record({
        path: fc.constantFrom('roofs.0.surface', 'roofs.2.substrate.thickness', 'grounds.0.surface'),
        value: fc.oneof(fc.integer({ min: -5, max: 900 }), fc.constant('')),
      }),
    );
    fc.assert(
      fc.property(fc.array(edits, { maxLength: 12 }), (list) => {
        let s = derive(sm, start);
        for (const e of list) {
          if ('gate' in e) s = setGate(sm, s, 'Sol', e.gate);
          else if ('add' in e) s = addCard(sm, s, e.add);
          else if ('remove' in e) {
            const cards = s.steps.find((x) => x.key === e.remove)!.cards.length;
            if (e.index < cards && cards > 1) s = deleteCard(sm, s, e.remove, e.index);
          } else if (getPath(s.data, e.path.split('.').slice(0, 2).join('.')) !== undefined)
            s = applyEdit(sm, s, e);
        }
        expect(s).toEqual(derive(sm, s.data));
      }),
      { numRuns: 300 },
    );
  });
});

describe('applyEdit on a bundle whose update rules loop', () => {
  it('throws, naming the fields still changing, instead of stopping silently half-way', () => {
    const b = structuredClone(sl);
    const roofs = b.steps.find((s) => s.key === 'Toiture')!;
    // height follows the gravel, and the gravel follows the height: each edit sets the other, for ever
    roofs.rules = {
      ...roofs.rules,
      height: { update: [{ when: true, set: { '+': [{ var: 'item.gravel_thickness' }, 1] } }] },
      gravel_thickness: { update: [{ when: true, set: { '+': [{ var: 'item.height' }, 1] } }] },
    };
    const s = derive(b, validProject('sl'));
    expect(() => applyEdit(b, s, { path: 'roofs.0.height', value: '25' })).toThrow(
      /update rules still change roofs\.0\.(height|gravel_thickness).* after 200 steps from the edit of 'roofs\.0\.height'/,
    );
  });
});
