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
