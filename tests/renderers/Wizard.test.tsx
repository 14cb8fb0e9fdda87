import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { derive } from '../../engine';
import { Wizard } from '../../renderers';
import { BUNDLES } from '../../renderers/stories/bundles';
import { renderWithContext, wizardActions } from './helpers';

const { bundle, valid } = BUNDLES.sm!;
const actions = wizardActions;

describe('Wizard', () => {
  it('hides Previous on the first step and shows Next', () => {
    renderWithContext(
      <Wizard
        bundle={bundle}
        state={derive(bundle, valid)}
        statuses={[0, 0, 0, 0, 0]}
        current={0}
        {...actions()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Précédent' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeEnabled();
  });
  it('offers its last button on the last step (sm: check the answers), enabled only when the form is valid', () => {
    const a = actions();
    const { rerender } = renderWithContext(
      <Wizard bundle={bundle} state={derive(bundle, valid)} statuses={[1, 2, 1, 1, 1]} current={4} {...a} />,
    );
    expect(screen.getByRole('button', { name: 'Vérifier mes réponses' })).toBeDisabled();
    rerender(
      <Wizard bundle={bundle} state={derive(bundle, valid)} statuses={[1, 1, 1, 1, 1]} current={4} {...a} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier mes réponses' }));
    expect(a.onSubmit).toHaveBeenCalled();
  });
  it('asks the ground question and reports the answer', () => {
    const a = actions();
    renderWithContext(
      <Wizard
        bundle={bundle}
        state={derive(bundle, { ...valid, has_ground: false, grounds: [] })}
        statuses={[1, 1, 1, 0, 0]}
        current={3}
        {...a}
      />,
    );
    expect(screen.getByText('Ce projet comporte-t-il au moins une surface au sol ?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Oui' }));
    expect(a.onGate).toHaveBeenCalledWith('Sol', true);
  });
  it('titles the spill cards with the roof name and offers the other roofs', () => {
    renderWithContext(
      <Wizard
        bundle={bundle}
        state={derive(bundle, valid)}
        statuses={[1, 1, 1, 1, 0]}
        current={4}
        {...actions()}
      />,
    );
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
    const a = actions();
    const { rerender } = renderWithContext(
      <Wizard bundle={bundle} state={derive(bundle, data)} statuses={[1, 1, 0, 0, 0]} current={2} {...a} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cartes suivantes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cartes suivantes' }));
    expect(screen.getByText(/^Page 3 sur/)).toBeInTheDocument();
    rerender(
      <Wizard bundle={bundle} state={derive(bundle, data)} statuses={[1, 1, 1, 1, 0]} current={4} {...a} />,
    );
    expect(screen.getByText(/^Page 1 sur/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Toiture A' })).toBeInTheDocument();
  });
});
