import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { derive } from '../../engine';
import { CardForm, RenderCtx, type RenderContext } from '../../renderers';
import { BUNDLES } from '../../renderers/stories/bundles';

/**
 * An advice (a field's check of severity 0): a target of 5 in to retain is surely meant in millimetres,
 * and a rain region's station may be in another province (Gatineau and Ottawa). Said beside the field,
 * it neither marks the field invalid nor holds the step: the site can still be calculated.
 */
describe("a field's advice (severity 0)", () => {
  const { bundle, valid } = BUNDLES.smca!;
  const chantier = bundle.steps.findIndex((s) => s.key === 'Chantier');
  const withTarget = (mm: number) => {
    const data = structuredClone(valid) as { project: Record<string, unknown> };
    Object.assign(data.project, { constraints: true, limitations: mm });
    return derive(bundle, data);
  };

  it('says a large target beside its field, the field valid and the step passable as before', () => {
    const state = withTarget(127);
    const step = state.steps[chantier]!;
    const field = step.cards[0]!.fields.find((f) => f.field === 'limitations')!;
    expect([field.severity, field.message?.key]).toEqual([0, 'smca.warnings.limitations_large']);
    // validating the step gives 1: valid (a warning would give 2, passable but incomplete)
    expect(step.result).toBe(1);
    const ctx: RenderContext = { t: (k) => k, onEdit: () => undefined, lang: 'en' };
    render(
      <RenderCtx.Provider value={ctx}>
        <CardForm card={step.cards[0]!} idPrefix="Chantier-0" def={bundle.steps[chantier]} />
      </RenderCtx.Provider>,
    );
    const advice = screen.getByRole('status');
    expect(advice).toHaveTextContent('smca.warnings.limitations_large');
    const input = document.querySelector<HTMLInputElement>('#Chantier-0_limitations')!;
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input.getAttribute('aria-describedby')).toContain(advice.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing for a target city plans ask (25 mm)', () => {
    const field = withTarget(25).steps[chantier]!.cards[0]!.fields.find((f) => f.field === 'limitations')!;
    expect([field.severity, field.message]).toEqual([0, undefined]);
  });
});
