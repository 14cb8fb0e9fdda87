import { describe, expect, it } from 'vitest';
import { addCard, applyEdit, derive } from '../../engine';
import { bundleOf, validProject } from './helpers';

const sl = bundleOf('sl');

describe('a select field', () => {
  it('starts on the placeholder Choisir une option', () => {
    const s = derive(sl, { ...validProject('sl'), roofs: [{ type: null }] });
    const type = s.steps[2]!.cards[0]!.fields.find((f) => f.field === 'type')!;
    expect(type.placeholder).toBe('common.choose_option');
    expect(type.value).toBeNull();
  });
});

describe('select in object-options mode', () => {
  const withIndexMode = (): typeof sl => {
    const b = structuredClone(sl);
    const roofs = b.steps.find((s) => s.key === 'Toiture')!;
    roofs.schema.properties!.type = { type: ['integer', 'null'] };
    const opts = roofs.ui.fields.type!['ui:options'];
    opts.indexValue = true;
    opts.emptyValue = -1;
    opts.options = [{ value: 'x', label: 'common.unknown_sewer' }, ...(opts.options ?? [])];
    roofs.rules = { ...roofs.rules, gravel_thickness: {} };
    return b;
  };
  it('offers option indexes as values, the first reading Je ne sais pas / Égouts', () => {
    const b = withIndexMode();
    const s = derive(b, { ...validProject('sl'), roofs: [{ type: 0 }] });
    const type = s.steps[2]!.cards[0]!.fields.find((f) => f.field === 'type')!;
    expect(type.options?.slice(0, 2)).toEqual([
      { value: 0, label: 'common.unknown_sewer' },
      { value: 1, label: 'sl.roof_types.ttv' },
    ]);
    expect(type.severity).toBe(0);
  });
  it('shows the placeholder for the empty replacement value, which counts as blank', () => {
    const b = withIndexMode();
    const s = derive(b, { ...validProject('sl'), roofs: [{ type: -1 }] });
    const type = s.steps[2]!.cards[0]!.fields.find((f) => f.field === 'type')!;
    expect(type.placeholder).toBe('common.choose_option');
    expect(type.severity).toBe(2);
    expect(type.message?.key).toBe('errors.select');
  });
});

describe('data select: the spill destinations', () => {
  const sm = bundleOf('sm');
  const project = (): Record<string, unknown> => {
    const p = validProject('sm');
    const roof = (p.roofs as Record<string, unknown>[])[0]!;
    return {
      ...p,
      roofs: ['Toit A', 'Toit B', 'Toit C'].map((name) => ({ ...roof, name, destination: '' })),
    };
  };
  const destinations = (s: ReturnType<typeof derive>) =>
    s.steps
      .find((x) => x.key === 'Deversement')!
      .cards.map((c) => c.fields.find((f) => f.field === 'destination')!.options!.map((o) => o.label));

  it('lists the sewer, the other named roofs and the grounds, never the roof itself', () => {
    const [a, b, c] = destinations(derive(sm, project()));
    expect(a).toEqual(['common.sewer', 'Toit B', 'Toit C', 'Jardin']);
    expect(b).toEqual(['common.sewer', 'Toit A', 'Toit C', 'Jardin']);
    expect(c).toEqual(['common.sewer', 'Toit A', 'Toit B', 'Jardin']);
  });
  it('follows a renamed, emptied or added roof on every card', () => {
    let s = derive(sm, project());
    s = applyEdit(sm, s, { path: 'roofs.1.name', value: 'Terrasse' });
    expect(destinations(s)[0]).toEqual(['common.sewer', 'Terrasse', 'Toit C', 'Jardin']);
    expect(destinations(s)[2]).toEqual(['common.sewer', 'Toit A', 'Terrasse', 'Jardin']);
    s = applyEdit(sm, s, { path: 'roofs.2.name', value: '' });
    expect(destinations(s)[0]).toEqual(['common.sewer', 'Terrasse', 'Jardin']);
    expect(destinations(s)[1]).toEqual(['common.sewer', 'Toit A', 'Jardin']);
    s = addCard(sm, s, 'Toiture');
    s = applyEdit(sm, s, { path: 'roofs.3.name', value: 'Auvent' });
    expect(destinations(s)[1]).toEqual(['common.sewer', 'Toit A', 'Auvent', 'Jardin']);
    expect(destinations(s)[3]).toEqual(['common.sewer', 'Toit A', 'Terrasse', 'Jardin']);
  });
});

describe('cards derived again after an edit elsewhere', () => {
  const sm = bundleOf('sm');
  it('stay the same objects when nothing of theirs changed, and are new when something did (fields alike)', () => {
    const p = validProject('sm');
    const roof = (p.roofs as Record<string, unknown>[])[0]!;
    const before = derive(sm, {
      ...p,
      roofs: ['Toit A', 'Toit B', 'Toit C'].map((name) => ({ ...roof, name, destination: '' })),
    });
    const after = applyEdit(sm, before, { path: 'roofs.0.name', value: 'Terrasse' });
    // an edit that changes no other card's state: roof C's surface
    const again = applyEdit(sm, after, { path: 'roofs.2.surface', value: '120' });
    const cards = (s: typeof before, key: string) => s.steps.find((x) => x.key === key)!.cards;
    // the roofs: the renamed one is new, the others are untouched
    expect(cards(after, 'Toiture')[0]).not.toBe(cards(before, 'Toiture')[0]);
    expect(cards(after, 'Toiture')[1]).toBe(cards(before, 'Toiture')[1]);
    expect(cards(after, 'Toiture')[2]).toBe(cards(before, 'Toiture')[2]);
    // the spills: roof A's own card is titled with its new name; the others now offer Terrasse
    expect(cards(after, 'Deversement')[0]).not.toBe(cards(before, 'Deversement')[0]);
    expect(cards(after, 'Deversement')[1]).not.toBe(cards(before, 'Deversement')[1]);
    expect(cards(after, 'Deversement')[2]).not.toBe(cards(before, 'Deversement')[2]);
    // a spill chosen: every spill card's rules read all the spills (a loop is refused), and only the
    // card whose answer changed comes out different
    const spilled = applyEdit(sm, again, { path: 'roofs.1.destination', value: 'roof_2' });
    expect(cards(spilled, 'Deversement')[0]).toBe(cards(again, 'Deversement')[0]);
    expect(cards(spilled, 'Deversement')[1]).not.toBe(cards(again, 'Deversement')[1]);
    expect(cards(spilled, 'Deversement')[2]).toBe(cards(again, 'Deversement')[2]);
    expect(cards(again, 'Toiture')[0]).toBe(cards(after, 'Toiture')[0]);
    expect(cards(again, 'Toiture')[2]).not.toBe(cards(after, 'Toiture')[2]);
    // inside the card typed into, the fields beside the edited one are kept too
    const field = (s: typeof before, name: string) =>
      cards(s, 'Toiture')[2]!.fields.find((f) => f.field === name);
    expect(field(again, 'name')).toBe(field(after, 'name'));
    expect(field(again, 'surface')).not.toBe(field(after, 'surface'));
    expect(field(again, 'surface')?.value).toBe(120);
    expect(cards(again, 'Deversement').slice(0, 2)).toEqual(cards(after, 'Deversement').slice(0, 2));
    cards(again, 'Deversement')
      .slice(0, 2)
      .forEach((c, i) => expect(c).toBe(cards(after, 'Deversement')[i]));
  });
});
