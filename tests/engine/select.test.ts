import { describe, expect, it } from 'vitest';
import { derive, selectChangeEvent } from '../../engine';
import { bundleOf, validProject } from './helpers';

const sl = bundleOf('sl');

describe('selectChangeEvent', () => {
  it('carries the field name without digits, the value and the card index', () => {
    const s = derive(sl, validProject('sl'));
    const type = s.steps[2]!.cards[0]!.fields.find((f) => f.field === 'type')!;
    expect(selectChangeEvent(type, 'MIXTE', 0)).toEqual({ fieldname: 'type', value: 'MIXTE', form_index: 0 });
  });
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
