import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldState } from '../../engine';
import { RenderCtx } from '../../renderers';
import { FieldStory, fieldState } from '../../renderers/stories/fieldStories';
import { renderWithContext } from './helpers';

describe('TextWidget', () => {
  it('reports the typed text with the field path', () => {
    const { onEdit } = renderWithContext(<FieldStory field={fieldState('text', { path: 'roofs.2.name' })} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Toit nord' } });
    expect(onEdit).toHaveBeenCalledWith({ path: 'roofs.2.name', value: 'Toit nord' });
  });
});

describe('NumberWidget', () => {
  it('sends the text as typed (comma decimal) and shows the unit', () => {
    const { onEdit } = renderWithContext(
      <FieldStory field={fieldState('number', { path: 'roofs.0.surface' })} />,
    );
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '12,5' } });
    expect(onEdit).toHaveBeenCalledWith({ path: 'roofs.0.surface', value: '12,5' });
    expect(screen.getByText('m²')).toBeInTheDocument();
    // as typed, not as rjsf's NumberField would read it (1000): the engine refuses '1e3'
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '1e3' } });
    expect(onEdit).toHaveBeenLastCalledWith({ path: 'roofs.0.surface', value: '1e3' });
  });

  it("reads '1,550' as an English reader writes it (1550), and as a French one (1,55)", () => {
    const english = renderWithContext(
      <FieldStory field={fieldState('number', { path: 'roofs.0.surface' })} />,
      'en',
    );
    const input = english.getByRole('textbox');
    fireEvent.change(input, { target: { value: '1,550' } });
    expect(english.onEdit).toHaveBeenLastCalledWith({ path: 'roofs.0.surface', value: '1550' });
    expect(input).toHaveValue('1,550'); // the text stays as typed
    fireEvent.change(input, { target: { value: '12,500.5' } });
    expect(english.onEdit).toHaveBeenLastCalledWith({ path: 'roofs.0.surface', value: '12500.5' });
    english.unmount();
    const { onEdit } = renderWithContext(
      <FieldStory field={fieldState('number', { path: 'roofs.0.surface' })} />,
    );
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '1,550' } });
    expect(onEdit).toHaveBeenLastCalledWith({ path: 'roofs.0.surface', value: '1,550' });
  });

  it("reads '1 250,5' as a French reader writes it, and as the note prints it (1250,5)", () => {
    const { onEdit } = renderWithContext(
      <FieldStory field={fieldState('number', { path: 'roofs.0.surface' })} />,
    );
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: '1 250,5' } });
    expect(onEdit).toHaveBeenLastCalledWith({ path: 'roofs.0.surface', value: '1250,5' });
    expect(input).toHaveValue('1 250,5'); // the text stays as typed
    // a figure copied from the results (a narrow no-break space between the groups)
    fireEvent.change(input, { target: { value: '12\u202f500' } });
    expect(onEdit).toHaveBeenLastCalledWith({ path: 'roofs.0.surface', value: '12500' });
    // not a grouping: left for the engine to refuse
    fireEvent.change(input, { target: { value: '12 50' } });
    expect(onEdit).toHaveBeenLastCalledWith({ path: 'roofs.0.surface', value: '12 50' });
  });
});

describe('SelectWidget', () => {
  it('starts on the placeholder and reports the option value', () => {
    const { onEdit } = renderWithContext(
      <FieldStory field={fieldState('select', { path: 'roofs.0.type', value: null, display: null })} />,
    );
    const select = screen.getByRole('combobox');
    expect(select).toHaveDisplayValue('Choisir une option');
    fireEvent.change(select, { target: { value: '2' } });
    expect(onEdit).toHaveBeenCalledWith({ path: 'roofs.0.type', value: 'MIXTE' });
  });
  it('keeps non-string option values (object-options mode, index values)', () => {
    const { onEdit } = renderWithContext(
      <FieldStory
        field={fieldState('select', {
          value: 0,
          options: [
            { value: 0, label: 'common.unknown_sewer' },
            { value: 1, label: 'sl.roof_types.ttv' },
          ],
        })}
      />,
    );
    expect(screen.getByRole('combobox')).toHaveDisplayValue('Je ne sais pas / Égouts');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '1' } });
    expect(onEdit).toHaveBeenCalledWith({ path: 'story.select', value: 1 });
  });
  it('going back to the placeholder clears the value', () => {
    const { onEdit } = renderWithContext(<FieldStory field={fieldState('select')} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '' } });
    expect(onEdit).toHaveBeenCalledWith({ path: 'story.select', value: null });
  });
});

describe('DataSelectWidget', () => {
  it('shows data labels as they are and the sewer first', () => {
    renderWithContext(<FieldStory field={fieldState('dataSelect')} />);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Choisir une option', 'Égouts', 'Toiture B', 'Jardin']);
  });
});

describe('BooleanWidget', () => {
  it('reports true and false', () => {
    const { onEdit } = renderWithContext(<FieldStory field={fieldState('boolean', { value: false })} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Oui' }));
    expect(onEdit).toHaveBeenCalledWith({ path: 'story.boolean', value: true });
  });
});

describe('EmailWidget and PhoneWidget', () => {
  it('use the matching input types', () => {
    const { container } = renderWithContext(
      <>
        <FieldStory field={fieldState('email')} />
        <FieldStory field={fieldState('phone')} />
      </>,
    );
    expect(container.querySelector('input[type=email]')).not.toBeNull();
    expect(container.querySelector('input[type=tel]')).not.toBeNull();
  });
});

describe('FieldTemplate', () => {
  it('links the message to the control and opens the info panel', () => {
    renderWithContext(
      <FieldStory
        field={fieldState('email', { severity: 1, message: { key: 'errors.need' }, value: null })}
      />,
    );
    const input = screen.getByRole('textbox');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain('__message');
    const info = screen.getByText(/L'e-mail permet/);
    expect(info).not.toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: "Plus d'informations : E-mail" }));
    expect(info).toBeVisible();
  });
  it('keeps the info button out of the Tab order: Alt+I from the field opens its help (issue 37)', () => {
    renderWithContext(<FieldStory field={fieldState('email', { value: 'a@b.fr' })} />);
    const input = screen.getByRole('textbox');
    const button = screen.getByRole('button', { name: "Plus d'informations : E-mail" });
    // Tab from the field goes to the next field, not to this button
    expect(button).toHaveAttribute('tabindex', '-1');
    // the field's description names the key
    const key = document.getElementById(`${input.id}__infokey`);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(`${input.id}__infokey`);
    expect(key).toHaveTextContent('Alt+I');
    const info = screen.getByText(/L'e-mail permet/);
    fireEvent.keyDown(input, { key: 'i', code: 'KeyI', altKey: true });
    expect(info).toBeVisible();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'Escape', code: 'Escape' });
    expect(info).not.toBeVisible();
    // a key typed into the field does nothing of the kind
    fireEvent.keyDown(input, { key: 'i', code: 'KeyI' });
    expect(info).not.toBeVisible();
  });
});

describe('typed inputs (text, e-mail, phone, number)', () => {
  /** A field drawn by an owner that has not drawn the edits it is told yet, redrawn with `rerender`. */
  function typed(field: FieldState) {
    const onEdit = vi.fn();
    const ctx = { t: (k: string) => k, onEdit };
    const draw = (f: FieldState) => (
      <RenderCtx.Provider value={ctx}>
        <FieldStory field={f} />
      </RenderCtx.Provider>
    );
    const r = render(draw(field));
    return {
      onEdit,
      input: screen.getByRole('textbox'),
      redraw: (f: FieldState) => r.rerender(draw(f)),
    };
  }

  it.each(['text', 'email', 'phone'] as const)(
    '%s: shows the keystroke at once, though its owner has not drawn it yet',
    (kind) => {
      const field = fieldState(kind, { path: 'client.x', value: 'Jean', display: 'Jean' });
      const { input, onEdit, redraw } = typed(field);
      fireEvent.change(input, { target: { value: 'Jeanne' } });
      expect(onEdit).toHaveBeenCalledWith({ path: 'client.x', value: 'Jeanne' });
      expect(input).toHaveValue('Jeanne');
      redraw({ ...field, value: 'Jeanne', display: 'Jeanne' }); // applied
      expect(input).toHaveValue('Jeanne');
      redraw({ ...field, value: 'Paul', display: 'Paul' }); // changed elsewhere (a project opened)
      expect(input).toHaveValue('Paul');
    },
  );

  it('number: keeps "12," on the way to "12,5" and follows a value changed elsewhere', () => {
    const field = fieldState('number', { path: 'roofs.0.surface', value: 1, display: 1 });
    const { input, redraw } = typed(field);
    fireEvent.change(input, { target: { value: '12,' } });
    redraw({ ...field, value: 12, display: 12 });
    expect(input).toHaveValue('12,');
    redraw({ ...field, value: 3.5, display: 3.5 }); // units switched, or a project opened
    expect(input).toHaveValue('3,5'); // in the reader's language
  });
});
