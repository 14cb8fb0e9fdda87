import { act, fireEvent, render } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { applyEdit, derive, type FormState } from '../../engine';
import { CardForm, RenderCtx, type RenderContext } from '../../renderers';
import { BUNDLES } from '../../renderers/stories/bundles';
import { listen, type Drawn } from '../reactCommits';

const { bundle, valid } = BUNDLES.sl!;
const roofs = bundle.steps.findIndex((s) => s.key === 'Toiture');

/**
 * The first roof's card of sl as the wizard draws it: an owner holding the engine's state, which applies
 * each edit where it is reported. `outside` replaces the answers as a project opened would.
 */
function openRoof() {
  const outside: { set: (data: Record<string, unknown>) => void } = { set: () => undefined };
  function Owner() {
    const [state, setState] = useState<FormState>(() => derive(bundle, valid));
    outside.set = (data) => setState(derive(bundle, data));
    const ctx = useMemo<RenderContext>(
      () => ({ t: (k) => k, onEdit: (e) => setState((s) => applyEdit(bundle, s, e)), lang: 'fr' }),
      [],
    );
    return (
      <RenderCtx.Provider value={ctx}>
        <CardForm card={state.steps[roofs]!.cards[0]!} idPrefix="Toiture-0" def={bundle.steps[roofs]} />
      </RenderCtx.Provider>
    );
  }
  const r = render(<Owner />);
  const input = (field: string) => r.container.querySelector<HTMLInputElement>(`#Toiture-0_${field}`)!;
  /** the commits of `work` that drew rjsf's Form */
  const formDraws = (work: () => void): number => {
    const drawn: Drawn[][] = [];
    const stop = listen((d) => drawn.push(d));
    work();
    stop();
    return drawn.filter((d) => d.some((x) => x.name === 'Form')).length;
  };
  return { input, outside, formDraws };
}

describe("a card's Form and the engine's answer to a keystroke (issue 40)", () => {
  it('draws the Form once for a key typed into a name: the engine agrees with what rjsf holds', () => {
    const { input, formDraws } = openRoof();
    const name = input('name');
    const draws = formDraws(() => fireEvent.change(name, { target: { value: `${name.value}b` } }));
    expect(draws).toBe(1);
    expect(name).toHaveValue(`${String((valid.roofs as { name: string }[])[0]!.name)}b`);
  });

  it('draws the Form once for a number typed on its way ("12," then "12,5")', () => {
    const { input, formDraws } = openRoof();
    const height = input('height');
    expect(formDraws(() => fireEvent.change(height, { target: { value: '12,' } }))).toBe(1);
    expect(formDraws(() => fireEvent.change(height, { target: { value: '12,5' } }))).toBe(1);
    expect(height).toHaveValue('12,5');
  });

  it('draws it again when the engine answers something else than what was typed', () => {
    const { input, formDraws } = openRoof();
    const name = input('name');
    // emptied: the engine's answer carries its message, which the Form must draw
    const draws = formDraws(() => fireEvent.change(name, { target: { value: '' } }));
    expect(draws).toBeGreaterThan(1);
  });

  it('shows answers set back from outside to what the Form was first drawn with, after keys it kept', () => {
    const { input, outside } = openRoof();
    const name = input('name');
    const first = name.value;
    fireEvent.change(name, { target: { value: `${first}x` } });
    fireEvent.change(name, { target: { value: `${first}xy` } });
    expect(name).toHaveValue(`${first}xy`);
    // the project opened again: its stored answers are the ones the Form was drawn with
    act(() => outside.set(valid));
    expect(input('name')).toHaveValue(first);
    // and answers changed elsewhere reach it too
    act(() => outside.set({ ...valid, roofs: [{ ...(valid.roofs as object[])[0], name: 'Nord' }] }));
    expect(input('name')).toHaveValue('Nord');
  });
});
