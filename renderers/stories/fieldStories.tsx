import type { StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { FieldKind, FieldState } from '../../engine';
import { CardForm } from '../CardForm';

/** A field drawn alone, in a card, as the wizard draws it. */
export function FieldStory({ field }: { field: FieldState; onEdit?: unknown }) {
  return (
    <div className="card">
      <CardForm
        card={{ index: 0, title: { key: field.label }, fields: [field], severity: field.severity }}
        idPrefix="story"
      />
    </div>
  );
}

const BASE: Record<FieldKind, Partial<FieldState>> = {
  text: { label: 'sl.roof.name', value: 'Toiture A' },
  number: { label: 'sl.roof.surface', value: 1200.5, unit: 'units.m2', min: 0 },
  phone: { label: 'sl.client.phone', value: '01 23 45 67 89' },
  email: { label: 'sl.client.email', value: 'jeanne@example.fr', need: true, info: 'sl.client.email_info' },
  select: {
    label: 'sl.roof.type',
    value: 'GRAVILLON',
    placeholder: 'common.choose_option',
    options: [
      { value: 'TTV', label: 'sl.roof_types.ttv' },
      { value: 'GRAVILLON', label: 'sl.roof_types.gravillon' },
      { value: 'MIXTE', label: 'sl.roof_types.mixte' },
    ],
  },
  boolean: { label: 'sl.site.has_retention', value: true, info: 'sl.site.has_retention_info' },
  rainSeries: { label: 'rain.label', value: 'c0ffee'.padEnd(64, '0'), info: 'rain.info' },
  dataSelect: {
    label: 'sm.spill.destination',
    value: 'roof_1',
    placeholder: 'common.choose_option',
    options: [
      { value: '', label: 'common.sewer' },
      { value: 'roof_1', label: 'Toiture B', literal: true },
      { value: 'ground_0', label: 'Jardin', literal: true },
    ],
  },
};

/** A FieldState of `kind` as the engine would derive it, with `over` applied. */
export function fieldState(kind: FieldKind, over: Partial<FieldState> = {}): FieldState {
  const base = { ...BASE[kind], ...over };
  const value = 'value' in over ? over.value : base.value;
  return {
    path: `story.${kind}`,
    field: kind,
    name: kind,
    kind,
    label: base.label ?? kind,
    visible: true,
    disabled: false,
    required: true,
    need: false,
    severity: 0,
    ...base,
    value,
    display: 'display' in over ? over.display : value,
  } as FieldState;
}

type Story = StoryObj<typeof FieldStory>;
const story = (field: FieldState): Story => ({ args: { field, onEdit: fn() } });

/** The eight states every field kind is shown in. */
export function statesOf(kind: FieldKind) {
  const blank = kind === 'boolean' ? false : null;
  return {
    empty: story(fieldState(kind, { value: blank, display: blank })),
    filled: story(fieldState(kind)),
    disabled: story(fieldState(kind, { disabled: true })),
    hidden: story(fieldState(kind, { visible: false, value: undefined, display: undefined })),
    needed: story(
      fieldState(kind, {
        value: blank,
        display: blank,
        need: true,
        severity: 1,
        message: { key: 'errors.need' },
      }),
    ),
    invalid: story(
      fieldState(kind, {
        value: blank,
        display: blank,
        severity: 2,
        message: { key: kind === 'select' || kind === 'dataSelect' ? 'errors.select' : 'errors.required' },
      }),
    ),
    // a check of severity 0: said beside the field, which stays valid (engine Check.severity)
    advice: story(fieldState(kind, { severity: 0, message: { key: 'smca.warnings.limitations_large' } })),
    imperial: story(
      kind === 'number'
        ? fieldState(kind, {
            label: 'smca.roof.substrate_thickness',
            value: 101.6,
            display: 4,
            unit: 'units.in',
          })
        : fieldState(kind),
    ),
  };
}
