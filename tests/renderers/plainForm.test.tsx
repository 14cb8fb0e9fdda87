/**
 * Our widgets in a plain rjsf Form: no formContext of ours, the value, `required`, `disabled`/`readonly`
 * and the choices coming from rjsf's props (schema, uiSchema, formData), as in any rjsf theme; and a
 * number riding in rjsf's formData as typed through our NumberField.
 */
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { derive, getPath } from '../../engine';
import { CardForm, RenderCtx } from '../../renderers';
import { BUNDLES } from '../../renderers/stories/bundles';
import { ALL_MESSAGES } from '../../renderers/stories/messages';
import { createI18n } from '../../words/i18n';
import { FieldStory, fieldState } from '../../renderers/stories/fieldStories';
import { FIELDS, WIDGETS } from '../../renderers/registry';
import { renderWithContext } from './helpers';

const schema: RJSFSchema = {
  type: 'object',
  required: ['name', 'surface'],
  properties: {
    name: { type: 'string' },
    city: { type: 'string' },
    surface: { type: 'number' },
    slope: { type: 'number' },
    type: { type: ['string', 'null'], enum: ['TTV', 'GRAVILLON', null] },
  },
};

const uiSchema: UiSchema = {
  name: { 'ui:widget': 'text' },
  city: { 'ui:widget': 'text', 'ui:disabled': true },
  surface: { 'ui:widget': 'number' },
  slope: { 'ui:widget': 'number', 'ui:readonly': true },
  type: { 'ui:widget': 'select', 'ui:enumNames': ['Terrasse', 'Gravillon', 'Aucun'] },
  'ui:submitButtonOptions': { norender: true },
};

/** A plain rjsf Form with our widgets (and, when asked, our fields); only words for them around it. */
function plainForm(fields: boolean) {
  const onChange = vi.fn<(e: IChangeEvent) => void>();
  const words = ({ children }: { children: ReactNode }) => (
    <RenderCtx.Provider value={{ t: (k) => k, onEdit: () => undefined }}>{children}</RenderCtx.Provider>
  );
  render(
    <Form
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      widgets={WIDGETS}
      {...(fields ? { fields: FIELDS } : {})}
      formData={{ name: 'Toit nord', city: 'Lyon', surface: 850.5, slope: 2, type: 'GRAVILLON' }}
      onChange={onChange}
    />,
    { wrapper: words },
  );
  return onChange;
}

describe('our widgets in a plain rjsf Form', () => {
  it('take the value, required and disabled from rjsf', () => {
    plainForm(true);
    const name = document.getElementById('root_name') as HTMLInputElement;
    expect(name).toHaveValue('Toit nord');
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(name).toBeEnabled();
    const city = document.getElementById('root_city') as HTMLInputElement;
    expect(city).toHaveValue('Lyon');
    expect(city).toBeDisabled();
    expect(city).not.toHaveAttribute('aria-required');
    expect(document.getElementById('root_surface')).toHaveValue('850,5');
    // readonly in rjsf's words: not to be changed
    expect(document.getElementById('root_slope')).toBeDisabled();
  });

  it("take the choices from rjsf's enumOptions, null left to the placeholder", () => {
    plainForm(true);
    const select = document.getElementById('root_type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['common.choose_option', 'Terrasse', 'Gravillon']);
    expect(select).toHaveDisplayValue('Gravillon');
  });

  it('report a change through rjsf, the number as typed in its formData', () => {
    const onChange = plainForm(true);
    fireEvent.change(document.getElementById('root_name')!, { target: { value: 'Toit sud' } });
    expect(onChange.mock.lastCall?.[0].formData).toMatchObject({ name: 'Toit sud' });
    fireEvent.change(document.getElementById('root_surface')!, { target: { value: '1e3' } });
    expect(onChange.mock.lastCall?.[0].formData).toMatchObject({ surface: '1e3' });
    fireEvent.change(document.getElementById('root_surface')!, { target: { value: '12,' } });
    expect(onChange.mock.lastCall?.[0].formData).toMatchObject({ surface: '12,' });
    fireEvent.change(document.getElementById('root_surface')!, { target: { value: '' } });
    expect(onChange.mock.lastCall?.[0].formData).toMatchObject({ surface: '' });
  });

  it("without our NumberField, rjsf's own makes 1000 of '1e3' (what ours is there for)", () => {
    const onChange = plainForm(false);
    fireEvent.change(document.getElementById('root_surface')!, { target: { value: '1e3' } });
    expect(onChange.mock.lastCall?.[0].formData).toMatchObject({ surface: 1000 });
  });
});

describe('a card drawn by CardForm', () => {
  it("hands the engine's disabled field to rjsf, which disables its widget", () => {
    renderWithContext(
      <FieldStory field={fieldState('number', { path: 'roofs.0.surface', disabled: true })} />,
    );
    expect(screen.getByRole('textbox')).toBeDisabled();
  });
});

const fr = createI18n(ALL_MESSAGES, 'fr');

describe("a bundle's select in its card", () => {
  it("offers the bundle's choices, in its order and words, as rjsf's enumOptions", () => {
    const { bundle, valid } = BUNDLES.sm!;
    const index = bundle.steps.findIndex((s) => s.key === 'Toiture');
    const card = derive(bundle, valid).steps[index]!.cards[0]!;
    // the engine's own list taken away: what the select offers is rjsf's
    const fields = card.fields.map((f) => {
      if (f.field !== 'system') return f;
      const { options: _drawn, ...rest } = f;
      return rest;
    });
    renderWithContext(<CardForm card={{ ...card, fields }} idPrefix="t" def={bundle.steps[index]} />);
    const select = document.getElementById('t_system') as HTMLSelectElement;
    const listed = bundle.steps[index]!.ui.fields.system!['ui:options'].options!;
    expect([...select.options].slice(1).map((o) => o.value)).toEqual(listed.map((_, i) => String(i)));
    expect([...select.options].slice(1).map((o) => o.text)).toEqual(listed.map((o) => fr.t(o.label)));
    expect(select).toHaveDisplayValue(
      select.options[1 + listed.findIndex((o) => o.value === getPath(valid, 'roofs.0.system'))]!.text,
    );
  });
});
