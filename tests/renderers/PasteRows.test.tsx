import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { derive, emptyData, pasteCards, planPaste, unpaste, type FormState } from '../../engine';
import { Carousel, createI18n } from '../../renderers';
import { BUNDLES } from '../../renderers/stories/bundles';
import { ALL_MESSAGES } from '../../renderers/stories/messages';
import commonEn from '../../schemas/common/messages.en.json';
import slEn from '../../schemas/sl/messages.en.json';
import { renderWithContext } from './helpers';

/** Issue 37 item 3: a paste is previewed, each column by its heading, each bad cell flagged, then undone. */
const { bundle } = BUNDLES.sl!;
const fr = createI18n(ALL_MESSAGES, 'fr');
const en = createI18n({ en: [commonEn, slEn] }, 'en');
const words = [(k: string) => fr.t(k), (k: string) => en.t(k)];
const roofs = (s: FormState) => s.data.roofs as Record<string, unknown>[];

function drawn(ready?: () => Promise<void> | null, read: () => typeof words = () => words) {
  let state = derive(bundle, emptyData(bundle));
  const step = () => state.steps.find((x) => x.key === 'Toiture')!;
  const def = bundle.steps.find((x) => x.key === 'Toiture')!;
  const onPaste = vi.fn((text: string, choice) => {
    const r = pasteCards(bundle, state, 'Toiture', text, words, choice);
    state = r.state;
    return r;
  });
  const draw = () => (
    <Carousel
      step={step()}
      def={def}
      perPage={3}
      addLabel="sl.roof.add"
      onAdd={vi.fn()}
      onDuplicate={vi.fn()}
      onDelete={vi.fn()}
      paste={{
        ...def.repeat!.paste!,
        preview: (text, choice) => planPaste(bundle, state, 'Toiture', text, read(), choice),
        ready,
        onPaste,
        onUndo: (receipt) => {
          state = unpaste(bundle, state, receipt);
        },
      }}
    />
  );
  const r = renderWithContext(draw());
  return { ...r, redraw: () => r.rerender(draw()), state: () => state, onPaste };
}

const columnSelect = (n: number) => screen.getByRole('combobox', { name: new RegExp(`^Colonne ${n}\\b`) });

describe('PasteRows', () => {
  it('shows a header in another order mapped by its headings, flags a bad cell, and adds nothing before Add', () => {
    const { state, onPaste } = drawn();
    fireEvent.click(screen.getByRole('button', { name: 'Coller depuis un tableur' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Lignes copiées du tableur' }), {
      target: { value: 'Type\tEvac. horizontales\tSurface (m²)\tNom\nGravillon\t2\t120\tA\nZinc\t1\t80\tB' },
    });
    fireEvent.click(screen.getByRole('button', { name: "Voir l'aperçu" }));
    expect(screen.getByRole('heading', { name: 'Aperçu : 2 lignes à ajouter' })).toHaveFocus();
    // each column's field from its heading, whatever the order
    expect(columnSelect(1)).toHaveDisplayValue('Type de toiture');
    expect(columnSelect(2)).toHaveDisplayValue('Évacuations horizontales');
    expect(columnSelect(3)).toHaveDisplayValue('Surface de rétention');
    expect(columnSelect(4)).toHaveDisplayValue('Nom de la toiture');
    // the unknown type is flagged in its cell, said as a choice no option names, the choices named
    const table = screen.getByRole('region', { name: /Aperçu/ });
    const bad = within(table).getByText(
      "« Zinc » n'est pas un des choix proposés : TTV, gravillon, mixte, dalle sur plot, Toundra box.",
    );
    expect(bad.closest('td')).toHaveTextContent(/^Zinc/);
    expect(screen.getByText(/^1 cellule ne convient pas à son champ/)).toBeInTheDocument();
    expect(onPaste).not.toHaveBeenCalled();
    expect(roofs(state())).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter 2 toitures' }));
    expect(roofs(state()).map((r) => [r.name, r.surface, r.type])).toEqual([
      ['A', 120, 'GRAVILLON'],
      ['B', 80, null],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 cartes ajoutées. 1 cellule à corriger.');
  });

  it('leaves out a dropped column, and undoes the cards just added', () => {
    const { state, redraw } = drawn();
    fireEvent.click(screen.getByRole('button', { name: 'Coller depuis un tableur' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Lignes copiées du tableur' }), {
      target: { value: 'Roof name\tArea\tRoof type\nA\t120\tGravel\nB\t80\tGravel' },
    });
    fireEvent.click(screen.getByRole('button', { name: "Voir l'aperçu" }));
    expect(columnSelect(2)).toHaveDisplayValue('Surface de rétention');
    fireEvent.change(columnSelect(2), { target: { value: '' } });
    expect(columnSelect(2)).toHaveDisplayValue('Ne pas importer');
    // a required field no column gives is said before adding
    expect(screen.getByText(/Aucune colonne ne donne : Surface de rétention/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter 2 toitures' }));
    redraw();
    expect(roofs(state()).map((r) => [r.name, r.surface, r.type])).toEqual([
      ['A', null, 'GRAVILLON'],
      ['B', null, 'GRAVILLON'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: "Annuler l'ajout" }));
    redraw();
    expect(roofs(state())).toHaveLength(1);
    expect(roofs(state())[0]!.name ?? null).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Ajout annulé : 2 cartes retirées.');
    expect(screen.queryByRole('button', { name: "Annuler l'ajout" })).toBeNull();
  });

  // Issue 40: the other language's words are fetched when the box opens, not with the page; a preview
  // asked for before they arrive waits for them, and then reads the headings in both languages.
  it('asks for its words when the box opens, and previews once they are here', async () => {
    let arrive = () => {};
    let here = false;
    const arrival = new Promise<void>((r) => {
      arrive = () => {
        here = true;
        r();
      };
    });
    const ready = vi.fn(() => (here ? null : arrival));
    drawn(ready, () => (here ? words : words.slice(0, 1)));
    expect(ready).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Coller depuis un tableur' }));
    expect(ready).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByRole('textbox', { name: 'Lignes copiées du tableur' }), {
      target: { value: 'Roof name\tArea\nA\t120\nB\t80' },
    });
    fireEvent.click(screen.getByRole('button', { name: "Voir l'aperçu" }));
    expect(screen.queryByRole('heading', { name: /Aperçu/ })).toBeNull();
    expect(screen.getByRole('button', { name: "Voir l'aperçu" })).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      arrive();
      await arrival;
    });
    expect(screen.getByRole('heading', { name: 'Aperçu : 2 lignes à ajouter' })).toHaveFocus();
    // the English headings, read once the English words are here
    expect(columnSelect(1)).toHaveDisplayValue('Nom de la toiture');
    expect(columnSelect(2)).toHaveDisplayValue('Surface de rétention');
  });

  it('previews nothing when the box is closed while its words are on their way', async () => {
    let arrive = () => {};
    const arrival = new Promise<void>((r) => (arrive = r));
    drawn(() => arrival);
    fireEvent.click(screen.getByRole('button', { name: 'Coller depuis un tableur' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Lignes copiées du tableur' }), {
      target: { value: 'Nom\tSurface (m²)\nA\t120' },
    });
    fireEvent.click(screen.getByRole('button', { name: "Voir l'aperçu" }));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await act(async () => {
      arrive();
      await arrival;
    });
    expect(screen.queryByRole('heading', { name: /Aperçu/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Lignes copiées du tableur' })).toBeNull();
  });
});
