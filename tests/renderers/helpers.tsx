import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { derive, type Bundle, type StepStatus } from '../../engine';
import { RenderCtx, Wizard, createI18n } from '../../renderers';
import { ALL_MESSAGES } from '../../renderers/stories/messages';

const i18n = createI18n(ALL_MESSAGES, 'fr');

/** Renders inside a French (or English) render context (kept on rerender); returns the edit spy with the render result. */
export function renderWithContext(ui: ReactElement, lang: 'fr' | 'en' = 'fr') {
  const onEdit = vi.fn();
  const words = lang === 'fr' ? i18n : createI18n(ALL_MESSAGES, lang);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RenderCtx.Provider value={{ t: (k, p) => words.t(k, p ?? {}), onEdit, lang }}>
      {children}
    </RenderCtx.Provider>
  );
  return { ...render(ui, { wrapper }), onEdit };
}

/** Spies for every action a Wizard reports. */
export const wizardActions = () => ({
  onJump: vi.fn(),
  onPrevious: vi.fn(),
  onNext: vi.fn(),
  onSubmit: vi.fn(),
  onAdd: vi.fn(),
  onDuplicate: vi.fn(),
  onDelete: vi.fn(),
  onGate: vi.fn(),
});

/**
 * The Wizard of `bundle` drawn on `data` at step `current`, the steps' statuses given, every action a spy
 * (`actions`); `redraw` draws it again with other data, statuses or step, the same spies kept.
 */
export function renderWizard(
  bundle: Bundle,
  data: Record<string, unknown>,
  statuses: StepStatus[],
  current: number,
  lang: 'fr' | 'en' = 'fr',
) {
  const actions = wizardActions();
  const ui = (d: Record<string, unknown>, s: StepStatus[], c: number) => (
    <Wizard bundle={bundle} state={derive(bundle, d)} statuses={s} current={c} {...actions} />
  );
  const drawn = renderWithContext(ui(data, statuses, current), lang);
  const redraw = (d = data, s = statuses, c = current) => drawn.rerender(ui(d, s, c));
  return { ...drawn, actions, redraw };
}
