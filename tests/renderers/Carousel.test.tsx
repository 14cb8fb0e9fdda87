import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addCard, derive, type FormState } from '../../engine';
import { Carousel } from '../../renderers';
import { BUNDLES } from '../../renderers/stories/bundles';
import { renderWithContext } from './helpers';

const { bundle, valid } = BUNDLES.sl!;
const roof = (valid.roofs as Record<string, unknown>[])[0]!;
const roofsStep = (s: FormState) => s.steps.find((x) => x.key === 'Toiture')!;
const titles = () => Array.from(document.querySelectorAll('.card-title')).map((h) => h.textContent?.trim());

describe('Carousel', () => {
  it('offers adding on every page, and shows a card added among the last ones, not alone', () => {
    let state = derive(bundle, { ...valid, roofs: [1, 2, 3].map((n) => ({ ...roof, name: `R${n}` })) });
    const onAdd = vi.fn(() => {
      state = addCard(bundle, state, 'Toiture');
    });
    const draw = () => (
      <Carousel
        step={roofsStep(state)}
        perPage={3}
        addLabel="sl.roof.add"
        onAdd={onAdd}
        onDuplicate={vi.fn()}
        onDelete={vi.fn()}
      />
    );
    const { rerender } = renderWithContext(draw());
    // three cards fill the page: the add action waits beside the arrows, not on a second page
    expect(screen.getByRole('button', { name: 'Cartes suivantes' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /Ajouter une toiture/ }));
    rerender(draw());
    expect(titles()).toEqual(['Toiture 2 (R2)', 'Toiture 3 (R3)', 'Toiture 4']);
    expect(screen.getByText('Page 2 sur 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ajouter une toiture/ })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: /^Cartes précédentes/ }));
    expect(titles()).toEqual(['Toiture 1 (R1)', 'Toiture 2 (R2)', 'Toiture 3 (R3)']);
    expect(screen.getByRole('button', { name: /Ajouter une toiture/ })).toBeVisible();
  });
});
