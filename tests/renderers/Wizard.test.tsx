import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUNDLES } from '../../renderers/stories/bundles';
import { renderWizard } from './helpers';

const { bundle, valid } = BUNDLES.sm!;

describe('Wizard', () => {
  it('hides Previous on the first step and shows Next', () => {
    renderWizard(bundle, valid, [0, 0, 0, 0, 0], 0);
    expect(screen.queryByRole('button', { name: 'Précédent' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeEnabled();
  });
  it('offers its last button on the last step (sm: check the answers), enabled only when the form is valid', () => {
    const { actions, redraw } = renderWizard(bundle, valid, [1, 2, 1, 1, 1], 4);
    expect(screen.getByRole('button', { name: 'Vérifier mes réponses' })).toBeDisabled();
    redraw(valid, [1, 1, 1, 1, 1]);
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier mes réponses' }));
    expect(actions.onSubmit).toHaveBeenCalled();
  });
  it('asks the ground question and reports the answer', () => {
    const { actions } = renderWizard(
      bundle,
      { ...valid, has_ground: false, grounds: [] },
      [1, 1, 1, 0, 0],
      3,
    );
    expect(screen.getByText('Ce projet comporte-t-il au moins une surface au sol ?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Oui' }));
    expect(actions.onGate).toHaveBeenCalledWith('Sol', true);
  });
  it('titles the spill cards with the roof name and offers the other roofs', () => {
    renderWizard(bundle, valid, [1, 1, 1, 1, 0], 4);
    expect(screen.getByRole('heading', { name: 'Toiture A' })).toBeInTheDocument();
    const selects = screen.getAllByRole('combobox', { name: 'Se déverse dans' });
    expect([...selects[1]!.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Choisir une option',
      'Égouts',
      'Toiture A',
      'Jardin',
    ]);
  });
  it('opens the spill step on its first page, whatever page the roof step was left on (issue 37.9)', () => {
    const roofs = Array.from({ length: 7 }, (_, i) => ({
      ...(valid.roofs as Record<string, unknown>[])[0]!,
      name: `Toiture ${String.fromCharCode(65 + i)}`,
    }));
    const data = { ...valid, roofs };
    const { redraw } = renderWizard(bundle, data, [1, 1, 0, 0, 0], 2);
    fireEvent.click(screen.getByRole('button', { name: 'Cartes suivantes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cartes suivantes' }));
    expect(screen.getByText(/^Page 3 sur/)).toBeInTheDocument();
    redraw(data, [1, 1, 1, 1, 0], 4);
    expect(screen.getByText(/^Page 1 sur/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Toiture A' })).toBeInTheDocument();
  });
});
